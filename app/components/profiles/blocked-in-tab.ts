/**
 * The profiles this browser tab has blocked, from the moment the member confirms. A blocked
 * profile's page answers 404 (product.md §10), and the block itself makes the live-chat socket reload
 * the page's data (the conversation is gone), sometimes before the block's own reply arrives: the
 * profile page keeps showing the notice and its undo button instead of turning into a 404
 * (app/routes/members.$id.tsx `shouldRevalidate`).
 */
export const blockedInTab = new Set<number>();
