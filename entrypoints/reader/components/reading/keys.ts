/** Whether a key press is typing into a form field (shortcuts leave it alone). */
export function typingInField(e: KeyboardEvent): boolean {
  const target = e.target as HTMLElement | null;
  return !!target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}
