/** The words the demo catalogue is made of: categories, trainers, facets and class names in the product's voice. */

export interface CategorySeed {
  slug: string;
  name: string;
  description: string;
  /** Slug code prefix, e.g. OFF in `25-min-mat-full-body-stretch-OFF0923-S24`. */
  code: string;
  /** Class names before the "{n} Min" prefix. */
  titles: string[];
  minutes: number[];
  equipment: string[];
  benefits: string[];
  pacing: string[];
}

export const ALL_CATEGORY = {
  slug: "all-classes",
  name: "All Classes",
  description: "Every on-demand class in the library, newest first.",
};

/** The eight categories with their real descriptions (product-facts.md), in order. */
export const CATEGORIES: CategorySeed[] = [
  {
    slug: "get-started",
    name: "Get Started",
    description: "Master the Method fundamentals and perfect your form for the strongest results possible.",
    code: "GST",
    titles: [
      "Method Fundamentals",
      "Form Focus",
      "Beginner Basics",
      "Intro to Sculpt",
      "Foundations Flow",
      "First Week Full Body",
    ],
    minutes: [10, 15, 20, 25, 30],
    equipment: ["No Equipment", "Mat", "P.ball", "Light Weights"],
    benefits: ["Strength", "Posture", "Balance", "Toning"],
    pacing: ["Slow & Steady", "Ebbs & Flows"],
  },
  {
    slug: "strength-and-sculpt",
    name: "Strength & Sculpt",
    description:
      "Feel the burn in our signature class that focuses on control, resistance and the mind to body connection",
    code: "SCU",
    titles: [
      "Full Body Sculpt",
      "Lower Body Burn",
      "Upper Body Sculpt",
      "Glute & Core Sculpt",
      "Arms & Abs",
      "Signature Sculpt",
      "Sculpt & Tone",
    ],
    minutes: [15, 20, 30, 40, 45, 50, 60],
    equipment: ["P.ball", "P.band", "Light Weights", "Ankle Weights", "Gliders", "Mat"],
    benefits: ["Strength", "Toning", "Endurance", "Balance"],
    pacing: ["Ebbs & Flows", "Fast Paced", "Slow & Steady"],
  },
  {
    slug: "progressive-weight-training",
    name: "Progressive Weight Training",
    description: "Build strength with a mix of weight training and dynamic, functional movement",
    code: "PWT",
    titles: [
      "Progressive Strength",
      "Functional Weights",
      "Power Lift Flow",
      "Compound Strength",
      "Heavy Weights Full Body",
      "Strength Ladder",
    ],
    minutes: [20, 30, 40, 45, 55, 65, 75],
    equipment: ["Heavy Weights", "Light Weights", "Mat", "P.band"],
    benefits: ["Strength", "Endurance", "Mobility"],
    pacing: ["Ebbs & Flows", "Fast Paced"],
  },
  {
    slug: "cardio-burn",
    name: "Cardio Burn",
    description:
      "Bring on the heat with increased reps, quicker tempo and high-energy moves. Your heart will thank you",
    code: "CRD",
    titles: ["Cardio Burn", "HIIT Sculpt", "Tempo Cardio", "Dance Cardio", "Sweat Circuit", "Cardio Sculpt Fusion"],
    minutes: [10, 15, 20, 25, 30, 35, 45],
    equipment: ["No Equipment", "Light Weights", "Gliders", "Ankle Weights"],
    benefits: ["Endurance", "Toning", "Strength"],
    pacing: ["Fast Paced", "Ebbs & Flows"],
  },
  {
    slug: "mat-definition",
    name: "Mat Definition",
    description:
      "It all starts with the core. Take it to the mat for complete core strength, inspired by traditional Mat Pilates",
    code: "MAT",
    titles: ["Mat Core Definition", "Mat Full Body", "Mat Pilates Core", "Mat Abs", "Mat Sculpt", "Mat Glutes & Core"],
    minutes: [10, 15, 20, 25, 30, 35, 40],
    equipment: ["Mat", "P.ball", "P.band", "Ankle Weights", "No Equipment"],
    benefits: ["Strength", "Posture", "Balance", "Toning"],
    pacing: ["Slow & Steady", "Ebbs & Flows"],
  },
  {
    slug: "recover-and-stretch",
    name: "Recover & Stretch",
    description:
      "Connect to the mind and breath using restorative techniques to relax the muscles and unlock max results",
    code: "OFF",
    titles: [
      "Full Body Stretch",
      "Mat Full Body Stretch",
      "Deep Stretch",
      "Foam Roll Recovery",
      "Mobility Flow",
      "Hips & Hamstrings Release",
    ],
    minutes: [5, 10, 15, 20, 25, 30],
    equipment: ["Mat", "No Equipment", "P.ball"],
    benefits: ["Flexibility", "Mobility", "Stress Relief"],
    pacing: ["Slow & Steady"],
  },
  {
    slug: "movement-therapy",
    name: "Movement Therapy",
    description:
      "Exercises co-created with Physical Therapists to build overall body awareness and rebuild strength and function",
    code: "MVT",
    titles: ["Hip Mobility", "Shoulder Rehab", "Knee Strength", "Posture Reset", "Back Care", "Ankle Stability"],
    minutes: [10, 15, 20, 25, 30, 35],
    equipment: ["P.band", "Mat", "P.ball", "No Equipment"],
    benefits: ["Mobility", "Posture", "Balance", "Strength"],
    pacing: ["Slow & Steady", "Ebbs & Flows"],
  },
  {
    slug: "meditation",
    name: "Meditation",
    description:
      "Reduce stress and connect deeply to the mind and breath with a practice made to complement your entire wellness routine",
    code: "MED",
    titles: [
      "Breath Meditation",
      "Body Scan",
      "Sleep Meditation",
      "Morning Mindfulness",
      "Calm Reset",
      "Gratitude Practice",
    ],
    minutes: [5, 10, 12, 15, 20],
    equipment: ["No Equipment"],
    benefits: ["Stress Relief", "Flexibility"],
    pacing: ["Slow & Steady"],
  },
];

/** Categories that exist only to fill calendar days; hidden from the category list. */
export const HIDDEN_CATEGORIES = [
  { slug: "walk", name: "Walk", description: "Outdoor and treadmill walks for active days." },
  { slug: "rest", name: "Rest", description: "Rest days: recover, hydrate and reset." },
];

export const TRAINERS = [
  "Ava Brooks",
  "Jordan Ellis",
  "Mia Chen",
  "Carlos Rivera",
  "Priya Nair",
  "Sam Whitaker",
  "Zoé Laurent",
  "Marcus Hale",
  "Elena Petrova",
  "Kai Nakamura",
  "Hannah Ortiz",
  "Renée Dubois",
];

export const LEVELS = ["Beginner", "Intermediate", "Advanced", "All Levels"];
export const FOCUS = ["Full Body", "Upper Body", "Lower Body", "Core"];
export const PACING = ["Slow & Steady", "Ebbs & Flows", "Fast Paced"];
export const EQUIPMENT = [
  "No Equipment",
  "P.ball",
  "P.band",
  "Light Weights",
  "Heavy Weights",
  "Ankle Weights",
  "Gliders",
  "Mat",
];

export const COLLECTIONS = [
  { slug: "modifications", name: "Modifications", description: "Low-impact options for every move." },
  { slug: "sculpt-and-mobility", name: "Sculpt & Mobility", description: "Strength work paired with mobility drills." },
  { slug: "basic-training", name: "Basic Training", description: "The building blocks of the Method." },
  { slug: "prenatal", name: "Prenatal", description: "Safe, supportive classes for every trimester." },
  { slug: "quick-hits", name: "Quick Hits", description: "Fifteen minutes or less." },
  { slug: "glutes-week", name: "Glutes Week", description: "A week of lower body focus." },
  { slug: "travel-friendly", name: "Travel Friendly", description: "No equipment, anywhere." },
  { slug: "trainer-favorites", name: "Trainer Favorites", description: "The classes our trainers come back to." },
];

/** Sentences a description is built from: an opener per focus, then a closer. */
export const DESCRIPTION_OPENERS: Record<string, string[]> = {
  "Full Body": [
    "Work every muscle from head to toe",
    "A total body session that builds heat from the first move",
    "Connect your whole body through controlled, deliberate movement",
  ],
  "Upper Body": [
    "Sculpt your arms, shoulders and back",
    "Tone and strengthen the upper body with precise, slow reps",
    "Light resistance and high reps for defined arms",
  ],
  "Lower Body": [
    "Target glutes, thighs and hamstrings",
    "Lift and shape the lower body with small, burning pulses",
    "Build lower body strength for everyday power",
  ],
  Core: [
    "Fire up your deep core",
    "Strengthen the centre of every movement",
    "Precise core work inspired by classical Pilates",
  ],
};

export const DESCRIPTION_CLOSERS = [
  "Finish with a calming stretch to lengthen and release.",
  "Modifications are offered throughout, so every level can follow along.",
  "Expect a steady burn and a strong mind to body connection.",
  "Breathe through each transition and focus on control over speed.",
  "A quick warm up leads into focused sets and a satisfying finisher.",
  "Great on its own or stacked with another short class.",
];
