/**
 * The fixed profile fields and their options (product.md §10: fixed lists, translated in every
 * locale under `profile.<field>.<option>` in locales/<lng>/common.json).
 */
export const genders = ["male", "female"] as const;
export const sexualities = ["hetero", "gay", "lesbian", "bi"] as const;

export const profileFieldOptions = {
  hair_color: ["black", "brown", "blonde", "red", "grey", "bald", "other"],
  eye_color: ["brown", "blue", "green", "grey", "hazel"],
  body_type: ["slim", "athletic", "average", "curvy", "full_figured", "muscular"],
  relationship_status: ["single", "divorced", "widowed", "in_relationship", "married", "open_relationship"],
  tattoos: ["none", "one", "some", "many"],
  signup_reason: ["relationship", "friendship", "casual", "chat", "adventure"],
} as const;

export type ProfileField = keyof typeof profileFieldOptions;
export const profileFields = Object.keys(profileFieldOptions) as ProfileField[];

/** The `profiles` column (drizzle property) holding each field. */
export const profileFieldColumn = {
  hair_color: "hairColor",
  eye_color: "eyeColor",
  body_type: "bodyType",
  relationship_status: "relationshipStatus",
  tattoos: "tattoos",
  signup_reason: "signupReason",
} as const satisfies Record<ProfileField, string>;

/** The fields a site shows (setting `visible_profile_fields`), in their fixed order. */
export function visibleProfileFields(visible: readonly string[]): ProfileField[] {
  return profileFields.filter((field) => visible.includes(field));
}

/** The 50 interests of product.md §2, in the order of product.md §2; the key is also the locale key. */
export const interestKeys = [
  "adventure",
  "anal_sex",
  "animals",
  "art",
  "astrology",
  "barbecue",
  "beach",
  "beer",
  "biking",
  "bondage",
  "coffee",
  "cooking",
  "dancing",
  "exchanging_pictures",
  "fashion",
  "foodie",
  "gardening",
  "gym",
  "hiking",
  "hugging",
  "kissing",
  "lingerie",
  "massages",
  "masturbating",
  "movies",
  "music",
  "one_night_stand",
  "oral_sex",
  "outdoors",
  "party",
  "photography",
  "politics",
  "public_sex",
  "reading",
  "relationship",
  "sadomasochism",
  "safe_sex",
  "sex",
  "sex_toys",
  "shopping",
  "sports",
  "sushi",
  "tattoos",
  "tea",
  "theater",
  "threesome",
  "travelling",
  "vegetarian",
  "video_games",
  "wine",
] as const;

/** An emoji icon per interest (rendered with an accessible label). */
export const interestIcons: Record<(typeof interestKeys)[number], string> = {
  adventure: "🧭",
  anal_sex: "🍑",
  animals: "🐾",
  art: "🎨",
  astrology: "🔮",
  barbecue: "🍖",
  beach: "🏖️",
  beer: "🍺",
  biking: "🚲",
  bondage: "⛓️",
  coffee: "☕",
  cooking: "🍳",
  dancing: "💃",
  exchanging_pictures: "📸",
  fashion: "👗",
  foodie: "🍽️",
  gardening: "🌱",
  gym: "🏋️",
  hiking: "🥾",
  hugging: "🤗",
  kissing: "💋",
  lingerie: "👙",
  massages: "💆",
  masturbating: "✋",
  movies: "🎬",
  music: "🎵",
  one_night_stand: "🌙",
  oral_sex: "👅",
  outdoors: "🏕️",
  party: "🎉",
  photography: "📷",
  politics: "🏛️",
  public_sex: "🌳",
  reading: "📚",
  relationship: "💞",
  sadomasochism: "🖤",
  safe_sex: "🛡️",
  sex: "🔥",
  sex_toys: "🎀",
  shopping: "🛍️",
  sports: "⚽",
  sushi: "🍣",
  tattoos: "🖋️",
  tea: "🍵",
  theater: "🎭",
  threesome: "👥",
  travelling: "✈️",
  vegetarian: "🥗",
  video_games: "🎮",
  wine: "🍷",
};

/** The gift catalogue (product.md §10: 12 gifts with translated names, `gifts.<key>`). */
export const giftCatalogue = [
  { key: "rose", icon: "🌹" },
  { key: "heart", icon: "❤️" },
  { key: "chocolate", icon: "🍫" },
  { key: "champagne", icon: "🍾" },
  { key: "teddy", icon: "🧸" },
  { key: "kiss", icon: "💋" },
  { key: "diamond", icon: "💎" },
  { key: "cocktail", icon: "🍹" },
  { key: "bouquet", icon: "💐" },
  { key: "cupcake", icon: "🧁" },
  { key: "star", icon: "⭐" },
  { key: "ring", icon: "💍" },
] as const;
