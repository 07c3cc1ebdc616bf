/** What each hub role may do, as scopes (seed 002 §6). A session grants its own scopes that its role also grants. */
export type Role = 'manager' | 'user' | 'guest';

export const roleScopes: Record<Role, readonly string[]> = {
  manager: ['homey'],
  user: [
    'homey.alarm', 'homey.app.readonly', 'homey.app.control', 'homey.dashboard', 'homey.device', 'homey.energy', 'homey.flow',
    'homey.geolocation.readonly', 'homey.insights', 'homey.logic', 'homey.mood', 'homey.notifications',
    'homey.presence', 'homey.speech', 'homey.system.readonly', 'homey.updates.readonly', 'homey.user.readonly',
    'homey.user.self', 'homey.zone',
  ],
  guest: [
    'homey.alarm.readonly', 'homey.dashboard.readonly', 'homey.device.readonly', 'homey.device.control',
    'homey.flow.readonly', 'homey.flow.start', 'homey.mood.readonly', 'homey.mood.set', 'homey.presence.self',
    'homey.user.self', 'homey.zone.readonly',
  ],
};
