import { type FocusEvent, useState } from 'react';

/**
 * `disabled` for a control that may be disabled while it has the focus (by its own press: a list's
 * "next" on the last page, a switch while its change is saved). A `disabled` control drops its focus
 * to the page and a keyboard user loses their place, so while it has the focus it is only marked
 * unavailable (`unavailable`: render `aria-disabled` and ignore presses); once the focus leaves it is
 * really disabled, out of the tab order. Spread `focusHandlers` on the control (they call the
 * control's own `onFocus`/`onBlur` given here).
 */
export function useDisabledKeepingFocus<Element extends HTMLElement>(
  disabled: boolean | undefined,
  own: {
    onFocus?: ((event: FocusEvent<Element>) => void) | undefined;
    onBlur?: ((event: FocusEvent<Element>) => void) | undefined;
  } = {},
) {
  const [focused, setFocused] = useState(false);
  return {
    disabled: disabled === true && !focused,
    unavailable: disabled === true && focused,
    focusHandlers: {
      onFocus: (event: FocusEvent<Element>) => {
        setFocused(true);
        own.onFocus?.(event);
      },
      onBlur: (event: FocusEvent<Element>) => {
        setFocused(false);
        own.onBlur?.(event);
      },
    },
  };
}
