/**
 * Text a screen reader reads out when it changes. Polite for states and progress (waits for a
 * pause), assertive for errors. Keep the text to state changes: a figure per step would flood it.
 */
export function LiveRegion({ text, testId, assertive = false, visible = false }: { text: string; testId: string; assertive?: boolean; visible?: boolean }) {
  return (
    <p className={visible ? 'live-region' : 'visually-hidden'} role={assertive ? 'alert' : 'status'} aria-live={assertive ? 'assertive' : 'polite'} aria-atomic="true" data-testid={testId}>
      {text}
    </p>
  );
}
