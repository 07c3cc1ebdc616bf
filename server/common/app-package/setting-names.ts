/** Names every object inherits or treats specially: as setting names they would not be plain data. */
const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether an app may name a setting `name` (in app.json, or in `homey.settings` at run time). */
export const isSettingName = (name: string): boolean => !RESERVED_NAMES.has(name);
