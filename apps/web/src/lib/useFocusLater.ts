// Keyboard focus for controls that vanish when pressed: a button replaced by the form it opens, a
// form that closes, a row that is removed. Focus would drop to the page; instead it goes to the
// element named here once the re-render that shows it has happened.
import { useEffect, useState } from 'react';

/** Returns `focusLater(id)`: focus the element with that id as soon as it is on the page. */
export function useFocusLater(): (elementId: string) => void {
  const [target, setTarget] = useState<string | null>(null);
  // No dependency list on purpose: the element may appear a render or two later (a form loading).
  useEffect(() => {
    if (!target) return;
    const element = document.getElementById(target);
    if (!element) return;
    element.focus();
    setTarget(null);
  });
  return setTarget;
}
