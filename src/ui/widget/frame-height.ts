// The height protocol of the embeddable widget (decision 034; partners read docs/partner-widget/):
// a framed widget page tells its host frame how tall its document is, so the partner page can size
// the iframe and nothing scrolls twice. One message shape, versioned:
//   { type: 'widget:height', version: 1, height: <CSS pixels, integer> }
// sent to window.parent only when the page is framed: once at start and whenever the document's
// height changes (ResizeObserver), never twice in a row with the same height.
// Target origin '*': the widget cannot know its partner's origin (the frame-ancestors list is the
// server's, the referrer may be cut), and the height is not secret — any page that frames the widget
// could measure it. The partner's listener must check event.origin before trusting a message.

export const HEIGHT_MESSAGE_TYPE = 'widget:height';
export const HEIGHT_MESSAGE_VERSION = 1;

export interface HeightMessage {
  readonly type: typeof HEIGHT_MESSAGE_TYPE;
  readonly version: typeof HEIGHT_MESSAGE_VERSION;
  readonly height: number;
}

/** The message for a height; rounded up, so the frame never cuts the last pixel. */
export function heightMessage(height: number): HeightMessage {
  return { type: HEIGHT_MESSAGE_TYPE, version: HEIGHT_MESSAGE_VERSION, height: Math.max(0, Math.ceil(height)) };
}

/** True for a message of this protocol and version (what a partner's listener checks besides the origin). */
export function isHeightMessage(data: unknown): data is HeightMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return (
    message.type === HEIGHT_MESSAGE_TYPE &&
    message.version === HEIGHT_MESSAGE_VERSION &&
    typeof message.height === 'number' &&
    Number.isInteger(message.height) &&
    message.height >= 0
  );
}

/** The parts of a window the reporter uses (a test passes its own). */
export interface FramedWindow {
  readonly parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
  readonly document: { readonly documentElement: Element };
  readonly ResizeObserver: new (callback: () => void) => { observe(target: Element): void; disconnect(): void };
}

/**
 * Reports the document's height to the parent frame until the returned stop function is called; does
 * nothing (and sends nothing) on a page that is not framed.
 */
export function startHeightReports(win: FramedWindow): () => void {
  const parent = win.parent;
  if (!parent || (parent as unknown) === win) return () => {};
  const root = win.document.documentElement;
  let last = -1;
  const report = () => {
    const message = heightMessage(root.getBoundingClientRect().height);
    if (message.height === last) return;
    last = message.height;
    parent.postMessage(message, '*');
  };
  report();
  const observer = new win.ResizeObserver(report);
  observer.observe(root);
  return () => observer.disconnect();
}
