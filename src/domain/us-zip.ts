/**
 * Which ZIP codes belong to which US state: the USPS's three-digit ZIP prefixes (sectional centers) per state,
 * district, territory and military "state" (AA, AE, AP). A compact table, parsed once: `code:first-last,…`. A few
 * prefixes serve two (005 and 063 are New York's inside other states' ranges, 055 is Massachusetts' inside Vermont's).
 */
const PREFIXES =
  "AL:350-369 AK:995-999 AZ:850-865 AR:716-729 CA:900-961 CO:800-816 CT:060-069 DE:197-199 DC:200-200,202-205,569-569 " +
  "FL:320-349 GA:300-319,398-399 HI:967-968 ID:832-838 IL:600-629 IN:460-479 IA:500-528 KS:660-679 KY:400-427 " +
  "LA:700-714 ME:039-049 MD:206-219 MA:010-027,055-055 MI:480-499 MN:550-567 MS:386-397 MO:630-658 MT:590-599 " +
  "NE:680-693 NV:889-898 NH:030-038 NJ:070-089 NM:870-884 NY:005-005,063-063,100-149 NC:270-289 ND:580-588 OH:430-459 " +
  "OK:730-731,734-749 OR:970-979 PA:150-196 RI:028-029 SC:290-299 SD:570-577 TN:370-385 TX:733-733,750-799,885-885 " +
  "UT:840-847 VT:050-059 VA:201-201,220-246 WA:980-994 WV:247-268 WI:530-549 WY:820-831 PR:006-007,009-009 " +
  "VI:008-008 GU:969-969 AS:967-967 MP:969-969 FM:969-969 MH:969-969 PW:969-969 AA:340-340 AE:090-098 AP:962-966";

const NAMES =
  "Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware District_of_Columbia Florida Georgia " +
  "Hawaii Idaho Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan Minnesota " +
  "Mississippi Missouri Montana Nebraska Nevada New_Hampshire New_Jersey New_Mexico New_York North_Carolina " +
  "North_Dakota Ohio Oklahoma Oregon Pennsylvania Rhode_Island South_Carolina South_Dakota Tennessee Texas Utah Vermont " +
  "Virginia Washington West_Virginia Wisconsin Wyoming Puerto_Rico Virgin_Islands Guam American_Samoa " +
  "Northern_Mariana_Islands Micronesia Marshall_Islands Palau";

const RANGES = new Map(
  PREFIXES.split(" ").map((entry) => {
    const [code, ranges] = entry.split(":") as [string, string];
    return [code, ranges.split(",").map((r) => r.split("-").map(Number) as [number, number])];
  }),
);

/** State codes and full names (any case) to the code: the second line's names are in the table's order. */
const CODES = new Map<string, string>([
  ...[...RANGES.keys()].map((code) => [code.toLowerCase(), code] as const),
  ...NAMES.split(" ").map((name, i) => [name.replace(/_/g, " ").toLowerCase(), [...RANGES.keys()][i]!] as const),
]);

/** The state code a member typed ("IL", "il", "Illinois"), or undefined for a name the table does not know. */
const usStateCode = (state: string): string | undefined => CODES.get(state.trim().toLowerCase());

/**
 * Whether a US ZIP (five digits, ZIP+4 allowed) lies in a known state's ranges: false for a ZIP of another state,
 * undefined when the state is not one the table knows (only the ZIP's format is checked then).
 */
export function zipMatchesState(zip: string, state: string): boolean | undefined {
  const code = usStateCode(state);
  if (!code) return undefined;
  const prefix = Number(zip.trim().slice(0, 3));
  return RANGES.get(code)!.some(([first, last]) => prefix >= first && prefix <= last);
}
