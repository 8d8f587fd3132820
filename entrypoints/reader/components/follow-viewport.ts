/** Calls `place` now and on every scroll and resize of the window; returns the clean-up for the effect. */
export function placeWhileViewportMoves(place: () => void): () => void {
  place();
  window.addEventListener('scroll', place, { passive: true });
  window.addEventListener('resize', place);
  return () => {
    window.removeEventListener('scroll', place);
    window.removeEventListener('resize', place);
  };
}
