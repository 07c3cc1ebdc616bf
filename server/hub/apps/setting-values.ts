/** Settings values as stored: plain data by name (an app's `homey.settings`, the apps manager's settings calls). */
export type SettingValues = Record<string, unknown>;

/** The values with `name` set to `value`, or without it for null: built entry by entry, never indexed by name. */
export function withSetting(values: SettingValues, name: string, value: unknown): SettingValues {
  const others = Object.entries(values).filter(([key]) => key !== name);
  return Object.fromEntries(value === null ? others : [...others, [name, value]]);
}
