/** Demo site content: locations, home page, carousels, banners, keyed copy, pages and assets. */

export const LOCATIONS = [
  {
    id: "chicago",
    slug: "chicago",
    name: "Chicago",
    kind: "studio" as const,
    time_zone: "America/Chicago",
    city: "Chicago",
    address: "1530 N Wells St, Chicago, IL 60610",
    description: "Our flagship studio in Old Town: small classes, big results.",
  },
  {
    id: "new-york",
    slug: "new-york",
    name: "New York",
    kind: "studio" as const,
    time_zone: "America/New_York",
    city: "New York",
    address: "88 Greenwich Ave, New York, NY 10011",
    description: "A light-filled studio in the West Village.",
  },
  {
    id: "los-angeles",
    slug: "los-angeles",
    name: "Los Angeles",
    kind: "studio" as const,
    time_zone: "America/Los_Angeles",
    city: "Los Angeles",
    address: "8500 Melrose Ave, West Hollywood, CA 90069",
    description: "Sunny sculpt sessions on Melrose.",
  },
  {
    id: "live",
    slug: "live",
    name: "Live Virtual Studio",
    kind: "virtual" as const,
    time_zone: "America/Chicago",
    city: "",
    address: "",
    description: "Take a live class with our trainers from anywhere. Class times are shown in your time zone.",
  },
];

export const HOME_PAGE = {
  id: "home_default",
  slug: "home",
  title: "Home",
  rows: [
    { title: "Your Stats", kind: "stats" as const, source: {} },
    { title: "Your Series", kind: "series" as const, source: { featured: true } },
    { title: "Favorites", kind: "favorites" as const, source: {} },
    { title: "New Classes", kind: "category" as const, source: { slug: "all-classes", limit: 12 } },
    { title: "Quick Hits", kind: "collection" as const, source: { slug: "quick-hits", limit: 12 } },
    { title: "Recover & Stretch", kind: "category" as const, source: { slug: "recover-and-stretch", limit: 12 } },
  ],
};

export const CAROUSELS = [
  { id: "car_new", slug: "new-this-week", title: "New This Week", kind: "workouts" as const, from: "newest" },
  { id: "car_series", slug: "popular-series", title: "Popular Series", kind: "series" as const, from: "featured" },
  { id: "car_collections", slug: "collections", title: "Collections", kind: "collections" as const, from: "all" },
];

export const DYNAMIC_CONTENT = [
  {
    id: "dc_coach_filters",
    key: "coachMark" as const,
    name: "classes-filters",
    value: { title: "Find your class", body: "Filter by length, trainer, equipment and more." },
  },
  {
    id: "dc_coach_favorites",
    key: "coachMark" as const,
    name: "workout-favorite",
    value: { title: "Save it for later", body: "Tap the heart to add a class to your favorites." },
  },
  {
    id: "dc_coach_series",
    key: "coachMark" as const,
    name: "series-join",
    value: { title: "Join a series", body: "Series guide you through a plan, one class at a time." },
  },
  {
    id: "dc_welcome_title",
    key: "welcome" as const,
    name: "welcome-title",
    value: { title: "Welcome to fitkit", body: "Let's find the right classes for you." },
  },
  {
    id: "dc_welcome_steps",
    key: "welcome" as const,
    name: "welcome-steps",
    value: { steps: ["Take the quiz", "Start a series", "Book a live class"] },
  },
  {
    id: "dc_faq_challenge_1",
    key: "faq" as const,
    name: "challenge-fall-2022-what",
    value: {
      question: "What is the fall challenge?",
      answer: "Complete all 12 challenge workouts between September 19 and October 23, 2022 to earn a $50 reward.",
    },
  },
  {
    id: "dc_faq_challenge_2",
    key: "faq" as const,
    name: "challenge-fall-2022-substitute",
    value: {
      question: "Can I substitute a workout?",
      answer: "Yes: any workout of 10 minutes or more counts as a substitute.",
    },
  },
  {
    id: "dc_faq_challenge_3",
    key: "faq" as const,
    name: "challenge-fall-2022-reward",
    value: {
      question: "When does the reward expire?",
      answer: "Six months after it is issued. It is single use and cannot be combined with other offers.",
    },
  },
  {
    id: "dc_faq_membership",
    key: "faq" as const,
    name: "membership-cancel",
    value: {
      question: "How do I cancel?",
      answer: "Go to Account, Membership, Cancel. Access continues until the end of your billing period.",
    },
  },
  {
    id: "dc_dynamic_live",
    key: "dynamic" as const,
    name: "live-timezone-note",
    value: { text: "All class times are shown in your local time zone." },
  },
  {
    id: "dc_dynamic_classes",
    key: "dynamic" as const,
    name: "classes-empty",
    value: { text: "No exact matches. Try removing a filter." },
  },
];

export const PAGES = [
  {
    id: "page_terms",
    slug: "terms-of-service",
    title: "Terms of Service",
    body: "These terms govern your use of fitkit. By creating an account you agree to them.",
  },
  {
    id: "page_waiver",
    slug: "liability-waiver",
    title: "Liability Waiver",
    body: "Exercise involves risk. Consult your physician before starting any program.",
  },
  {
    id: "page_privacy",
    slug: "privacy-policy",
    title: "Privacy Policy",
    body: "We collect only what we need to run your membership and never sell your data.",
  },
  {
    id: "page_challenge",
    slug: "challenge-fall-2022",
    title: "Fall Challenge 2022",
    body: "12 workouts, 5 weeks, one $50 reward. Let's go!",
  },
];

export const ASSETS = [
  {
    id: "asset_logo",
    title: "fitkit logo",
    url: "/assets/logo.svg",
    content_type: "image/svg+xml",
    tags: ["logo", "brand"],
    width: 120,
    height: 32,
  },
  {
    id: "asset_welcome_hero",
    title: "Welcome hero",
    url: "/assets/welcome-hero.jpg",
    content_type: "image/jpeg",
    tags: ["welcome", "hero"],
    width: 1600,
    height: 900,
  },
  {
    id: "asset_onboarding_1",
    title: "Onboarding: goals",
    url: "/assets/onboarding-goals.jpg",
    content_type: "image/jpeg",
    tags: ["onboarding"],
    width: 800,
    height: 800,
  },
  {
    id: "asset_onboarding_2",
    title: "Onboarding: schedule",
    url: "/assets/onboarding-schedule.jpg",
    content_type: "image/jpeg",
    tags: ["onboarding"],
    width: 800,
    height: 800,
  },
  {
    id: "asset_live_hero",
    title: "Live studio",
    url: "/assets/live-hero.jpg",
    content_type: "image/jpeg",
    tags: ["live", "hero"],
    width: 1600,
    height: 900,
  },
];
