/**
 * Whether granted scopes allow `scope` (seed 001 §5). A scope is `<name>[:<qualifier>]`: a granted name allows
 * itself and every name under it (`homey` allows `homey.device.readonly`), and a granted qualifier must be equal.
 */
export function scopeAllows(granted: readonly string[], scope: string): boolean {
  const [name = '', qualifier] = scope.split(':');
  return granted.some((grant) => {
    const [grantName = '', grantQualifier] = grant.split(':');
    const nameMatches = name === grantName || name.startsWith(`${grantName}.`);
    return nameMatches && (grantQualifier === undefined || grantQualifier === qualifier);
  });
}
