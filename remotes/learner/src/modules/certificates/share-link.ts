/** Where a certificate's code is checked: the same address its QR code opens. */
export function verifyLink(code: string, origin: string = globalThis.location?.origin ?? ''): string {
  return `${origin}/verify?code=${encodeURIComponent(code)}`;
}

type Sharer = Pick<Navigator, 'share'> & Partial<Pick<Navigator, 'canShare'>>;

/** The device's share sheet is offered only where the browser has one (navigator.share). */
export function canShareLink(navigator: Partial<Sharer> | undefined = globalThis.navigator): navigator is Sharer {
  return typeof navigator?.share === 'function';
}

/** shared; cancelled (the person closed the sheet: say nothing); failed (say so). */
export type ShareOutcome = 'shared' | 'cancelled' | 'failed';

/** Opens the share sheet with the verify link; never throws. */
export async function shareLink(
  data: { title: string; text: string; url: string },
  navigator: Partial<Sharer> | undefined = globalThis.navigator,
): Promise<ShareOutcome> {
  if (!canShareLink(navigator)) return 'failed';
  try {
    if (navigator.canShare && !navigator.canShare(data)) return 'failed';
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    // DOMException is not an Error everywhere (jsdom): read its name alone.
    return (error as { name?: unknown } | null)?.name === 'AbortError' ? 'cancelled' : 'failed';
  }
}
