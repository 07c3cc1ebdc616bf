import { html, type KnowledgeArticle } from './article.js';

/** Pro hubs only: backups, software, and the newer model's Matter, Thread, Ethernet adapter and satellite mode. */
export const proArticles: KnowledgeArticle[] = [
  {
    id: 360040000401,
    section: 'Backups',
    name: 'Backing up and restoring your Pro hub',
    body: html(
      'With a backups subscription the hub backs itself up every night to the cloud; the newest backups are kept. Start one by hand under <strong>Settings → Backups</strong>.',
      'Restore a backup on a new or reset hub during setup: choose <strong>Restore from backup</strong>. Devices, flows, apps and insights come back; Zigbee and Z-Wave devices stay paired.',
    ),
  },
  {
    id: 360040000402,
    section: 'Backups',
    name: 'A backup failed',
    body: html(
      '- Check that the hub is online and the subscription is active.\n- Free up storage: remove unused apps.\n- Start a backup by hand; if it fails again, send a ticket with the diagnostic report.',
    ),
  },
  {
    id: 360040000403,
    section: 'Software',
    name: 'Updating the Pro software',
    body: html(
      'Updates install at night unless you turned that off. Install one now under <strong>Settings → Updates</strong>; the hub restarts and is back within a few minutes.',
      'Many issues are solved by an update: always update before contacting support.',
    ),
  },
  {
    id: 360040000404,
    section: 'Matter',
    name: 'Adding Matter devices',
    body: html(
      'Scan the device\'s Matter QR code in the app (<strong>+ → Matter</strong>). A Matter device can be shared with other ecosystems later through its pairing code.',
      'Matter over Thread devices also need a Thread network; the newer Pro hub provides one itself.',
    ),
  },
  {
    id: 360040000405,
    section: 'Thread',
    name: 'The Thread network',
    body: html(
      'The newer Pro hub is a Thread border router. Mains-powered Thread devices route for the others, like Zigbee. Several border routers (other brands too) can share one network.',
    ),
  },
  {
    id: 360040000406,
    section: 'Ethernet Adapter',
    name: 'Using the Ethernet adapter',
    body: html(
      'Plug the adapter between the power supply and the hub, and connect it to your router. The hub switches to the wired network by itself; Wi-Fi stays as a fallback.',
    ),
  },
  {
    id: 360040000407,
    section: 'Satellite Mode',
    name: 'Satellite mode',
    body: html(
      'In satellite mode a second Pro hub extends the radios of your main hub to another floor or building. Set it up from the main hub under <strong>Settings → Satellites</strong>; the satellite keeps no flows of its own.',
    ),
  },
  {
    id: 360040000408,
    section: 'Power',
    name: 'Under-voltage warnings',
    body: html(
      'The newer Pro hub warns when its power supply delivers too little. Use the supplied adapter and cable: phone chargers and long USB cables often cause under-voltage, and with it Wi-Fi and radio drop-outs.',
    ),
  },
  {
    id: 360040000409,
    section: 'Hubs',
    name: "Your hub isn't listed",
    body: html(
      'The form lists the hubs of the account you are signed in with. Signed in with another account? Sign out and in again. A hub shared with you appears once you accept the invitation.',
      'A hub that was reset is no longer linked: set it up again with your account.',
    ),
  },
  {
    id: 360040000410,
    section: 'Matter',
    name: 'Sharing a Matter device with another app',
    body: html(
      'A Matter device can be in several ecosystems at once. Open the device\'s settings, choose <strong>Share with another app</strong> and enter the pairing code shown in that app. Each ecosystem controls it directly.',
    ),
  },
  {
    id: 360040000411,
    section: 'Ethernet Adapter',
    name: 'The hub does not use the wired network',
    body: html(
      '- Check the cable and the router port: the adapter\'s light shows a link.\n- Restart the hub after connecting the adapter the first time.\n- The router must hand out addresses (DHCP) on that port.',
    ),
  },
];
