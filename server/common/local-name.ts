/** The hub's name on the LAN (mDNS), which its HostAllowList accepts and its local certificate is issued for. */
export const localHostName = (hubId: string) => `homey-${hubId}.local`;
