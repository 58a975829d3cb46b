/** One option's properties as a choice filter reads them (`state=São Paulo`). */
export type OptionPropertySet = Record<string, string>;

/**
 * An option's properties, or several sets of them when one option stands under several parents (a county "King"
 * of two states, as XLSForm lists it twice with `allow_choice_duplicates`): the filter offers it when any set
 * passes, and its answer is the one label either way, as ODK's is the one name.
 */
export type OptionPropertyValue = OptionPropertySet | readonly OptionPropertySet[];

export type OptionProperties = Record<string, OptionPropertyValue>;

/** Sets of one option at most: an option under more parents than this is a list to attach as a file. */
export const OPTION_PROPERTY_SETS_MAX = 100;

export function propertySetsOf(value: OptionPropertyValue | undefined): readonly OptionPropertySet[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value as OptionPropertySet];
}
