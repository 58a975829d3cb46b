import type { Locator, Page } from "playwright-core";

/** How long a chosen option's list may take to close before the option is clicked again. */
const LIST_CLOSE_MS = 3_000;

/**
 * Opens a select (the app's are Radix's) by its trigger and chooses `option`. Radix can swallow the first click on an
 * option: when the opening click's pointerup came before the list's listener was in place (a busy CI machine), the
 * listener takes the next pointerup, the option's, for the end of the opening press. The list then stays open and
 * hides the rest of the page from the accessibility tree, so a list still open is given the click once more.
 */
export async function chooseOption(
  page: Page,
  trigger: Locator,
  option: string,
  { exact = false }: { exact?: boolean } = {},
): Promise<void> {
  await trigger.click();
  const choice = page.getByRole("option", { name: option, exact });
  await choice.click();
  const closed = await choice.waitFor({ state: "hidden", timeout: LIST_CLOSE_MS }).then(
    () => true,
    () => false,
  );
  if (closed) return;
  // The list may close while this click waits for it: then the click finds nothing, and the wait below ends at once.
  await choice.click({ timeout: LIST_CLOSE_MS }).catch(() => undefined);
  await choice.waitFor({ state: "hidden" });
}
