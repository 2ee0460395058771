const ORDINAL_SUFFIX: Record<string, string> = { one: "st", two: "nd", few: "rd", other: "th" };

/** 1 → "1st", 2 → "2nd", 3 → "3rd", 11 → "11th", 22 → "22nd": English ordinals of a waitlist position. */
export const ordinal = (n: number) =>
  `${n}${ORDINAL_SUFFIX[new Intl.PluralRules("en-US", { type: "ordinal" }).select(n)] ?? "th"}`;
