// Keyboard focus for controls that vanish when pressed: a button replaced by the form it opens, a
// form that closes, a row that is removed. Focus would drop to the page; instead it goes to the
// element named here once the re-render that shows it has happened.
import { useCallback, useEffect, useState } from 'react';

/** An element's id, or a function that finds the element (null while it is not there yet). */
export type FocusTarget = string | (() => HTMLElement | null | undefined);

/** Returns `focusLater(target)`: focus that element as soon as it is on the page. */
export function useFocusLater(): (target: FocusTarget) => void {
  // Held in an object: a function given to a state setter would be called as an updater.
  const [target, setTarget] = useState<{ find: FocusTarget } | null>(null);
  // No dependency list on purpose: the element may appear a render or two later (a form loading).
  useEffect(() => {
    if (!target) return;
    const element = typeof target.find === 'string' ? document.getElementById(target.find) : target.find();
    if (!element) return;
    element.focus();
    setTarget(null);
  });
  return useCallback((find: FocusTarget) => setTarget({ find }), []);
}
