/**
 * Taps before takeover (issue 47, docs/decisions/0040). A page drawn on the server shows its
 * buttons seconds before the app's code has come on a slow line; until then a button does nothing,
 * and a tap on Add to Cart, Buy Now, the heart or a size was lost. From boot.ts on, such a tap is
 * held: the control shows it was heard (`data-held`, styled in styles.css, and `aria-busy`), the
 * app is asked for at once, and once it has taken the page over (the shell marks `<html data-live>`)
 * each held tap is given to the control again, in the order tapped, so the app's own handler
 * does what it always does (the same API, its contract and CSRF rules, a visitor's sign-in with
 * the intent kept, a size asked for).
 *
 * Links and a form the browser can send itself (one with an `action`) are left to the browser.
 */

const HELD = 'data-held';

/** What a tap is held on: buttons, and the choices (a size, a filter) drawn as inputs. */
const HOLDABLE = '#root button, #root input[type="radio"], #root input[type="checkbox"]';

const isLive = () => document.documentElement.hasAttribute('data-live');

/** A form's submit button whose form has an address of its own: the browser sends it without the app. */
const sentByBrowser = (control: Element) =>
  control instanceof HTMLButtonElement && control.type === 'submit' && control.form?.hasAttribute('action') === true;

/** A control whose second tap undoes the first (a filter's box, the heart): the two are no tap. */
const toggles = (control: Element) => (control instanceof HTMLInputElement && control.type === 'checkbox') || control.hasAttribute('aria-pressed');

const sign = (control: Element, on: boolean) => {
  if (on) {
    control.setAttribute(HELD, '');
    control.setAttribute('aria-busy', 'true');
  } else {
    control.removeAttribute(HELD);
    control.removeAttribute('aria-busy');
  }
};

/** The next task: a replayed tap's state changes are drawn before the next tap is given. */
const nextTask = () => new Promise<void>((done) => setTimeout(done));

/**
 * Starts holding taps; `onFirst` hears the first one held (boot.ts then asks for the app at once).
 * Stops, and gives every held tap back, when the app is live.
 */
export function holdTaps(onFirst: () => void): void {
  if (isLive()) return;
  const held: HTMLElement[] = [];

  const hold = (event: MouseEvent) => {
    const control = (event.target as Element | null)?.closest?.<HTMLElement>(HOLDABLE);
    if (!control || sentByBrowser(control) || isLive()) return;
    // Nothing else hears it: the browser checks no box and sends no form, React (if it has
    // started taking the page over) runs no handler twice.
    event.preventDefault();
    event.stopImmediatePropagation();
    const at = held.indexOf(control);
    if (at !== -1) {
      // A second tap on a held toggle takes the first back; on anything else it is the same tap.
      if (toggles(control)) sign(held.splice(at, 1)[0]!, false);
      return;
    }
    // A later size replaces an earlier one: only the last choice of a group is given.
    if (control instanceof HTMLInputElement && control.type === 'radio') {
      for (let i = held.length - 1; i >= 0; i--) {
        const other = held[i];
        if (other instanceof HTMLInputElement && other.type === 'radio' && other.name === control.name) sign(held.splice(i, 1)[0]!, false);
      }
    }
    sign(control, true);
    if (held.push(control) === 1) onFirst();
  };

  const replay = async () => {
    document.removeEventListener('click', hold, true);
    for (const control of held.splice(0)) {
      sign(control, false);
      // A control the takeover drew again is gone: its tap goes with it.
      if (!control.isConnected) continue;
      control.click();
      await nextTask();
    }
  };

  document.addEventListener('click', hold, true);
  const watch = new MutationObserver(() => {
    if (!isLive()) return;
    watch.disconnect();
    void replay();
  });
  watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-live'] });
}
