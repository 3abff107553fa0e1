import { useLayoutEffect } from 'react';

/**
 * Where focus may land when the control that opened a dialog is gone (a removed row's button): the nearest
 * region around it that is still there, so the keyboard user continues from the list, not from the page's top.
 */
const PLACES = 'tr, table, [role="table"], section, [role="region"], form, fieldset, [role="dialog"], main';

/** Mantine's own return of focus happens after its closing transition; this looks once more after that. */
const AFTER_TRANSITION_MS = 350;

function canTakeFocus(el: HTMLElement): boolean {
  // checkVisibility is missing from older browsers and from jsdom: there, being in the document is enough.
  const visible = typeof el.checkVisibility !== 'function' || el.checkVisibility();
  return el.isConnected && !el.matches(':disabled') && visible;
}

function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

function restore(opener: HTMLElement, places: readonly HTMLElement[]): void {
  if (!focusLost()) return;
  if (canTakeFocus(opener)) {
    opener.focus();
    return;
  }
  const place = places.find(canTakeFocus);
  if (!place) return;
  // A region is not focusable by itself: it takes focus from script only, never from Tab.
  if (place.tabIndex < 0 && !place.hasAttribute('tabindex')) place.setAttribute('tabindex', '-1');
  place.focus();
}

/**
 * Returns focus to the control that opened a dialog once the dialog closes, or, when that control is gone or
 * disabled (the row it removed, a button busy with what it started), to the nearest list or region around it.
 * Mantine returns focus only when a mounted dialog's `opened` turns false; dialogs that are unmounted on
 * closing, and openers that disappear, left the focus on the page's body (30 Tab presses from where it was).
 */
export function useReturnFocus(opened: boolean): void {
  useLayoutEffect(() => {
    if (!opened) return;
    const opener = document.activeElement;
    // Opened from script with nothing focused, or from inside another dialog that handles its own.
    if (!(opener instanceof HTMLElement) || opener === document.body) return;
    const places: HTMLElement[] = [];
    for (let el = opener.parentElement; el; el = el.parentElement) if (el.matches(PLACES)) places.push(el);
    return () => {
      setTimeout(() => restore(opener, places), 0);
      setTimeout(() => restore(opener, places), AFTER_TRANSITION_MS);
    };
  }, [opened]);
}
