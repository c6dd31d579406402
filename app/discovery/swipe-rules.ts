/** Sizes of the swipe game, shared by its loader and the page. */

/** Cards loaded per round; the page asks for the next round when a full one is used up. */
export const SWIPE_BATCH = 20;
/** At most this many members already shown travel back in `?seen=`. */
export const MAX_SEEN = 300;
/** Interests shown on a card. */
export const CARD_INTERESTS = 4;
