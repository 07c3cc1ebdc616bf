import { html, type KnowledgeArticle } from './article.js';

/**
 * Wireless: one list per technology, and for Wi-Fi, Zigbee and Z-Wave a second list used when the hub has a bridge
 * (the bridge extends their range and pairs devices itself).
 */
export const wirelessArticles: KnowledgeArticle[] = [
  {
    id: 360030000301,
    section: '433 MHz',
    name: 'Pairing 433 MHz devices',
    body: html(
      '433 MHz devices (remote sockets, blinds, doorbells) do not confirm commands. Pair them close to the hub, then move them; keep them within about 20 metres indoors.',
      'When a device sometimes misses a command, use the app\'s <strong>repeat</strong> setting, or send the command twice in your flow.',
    ),
  },
  {
    id: 360030000302,
    section: '868 MHz',
    name: 'Pairing 868 MHz devices',
    body: html(
      '868 MHz is used by some European brands of sensors and switches. Install the brand\'s app, then pair through <strong>+ → brand</strong>. Range is better than 433 MHz; thick walls still block it.',
    ),
  },
  {
    id: 360030000303,
    section: 'Bluetooth',
    name: 'Bluetooth devices',
    body: html(
      'Bluetooth Low Energy reaches about 10 metres. Keep the device close to the hub, and close the phone app of the brand while pairing: a device talks to one controller at a time.',
    ),
  },
  {
    id: 360030000304,
    section: 'Infrared',
    name: 'Controlling TVs and air conditioners by infrared',
    body: html(
      'Infrared needs a clear line of sight from the hub to the device. Add the device by brand and test each button during pairing; if none works, try the next code set.',
    ),
  },
  {
    id: 360030000305,
    section: 'Wi-Fi',
    name: 'Connecting the hub to Wi-Fi',
    body: html(
      'The hub uses 2.4 GHz Wi-Fi. Networks that only offer 5 GHz, or that require a sign-in page (hotels, some routers\' guest networks), do not work.',
      'To change networks, hold the hub\'s button until the light ring turns orange, then run the setup in the app again.',
    ),
  },
  {
    id: 360030000306,
    section: 'Wi-Fi',
    name: 'Wi-Fi devices go offline',
    body: html(
      '- Give the hub and your Wi-Fi devices a fixed IP address in your router.\n- Turn off "client isolation" on the network.\n- Mesh networks: make sure every node is on the same network name.',
    ),
  },
  {
    id: 360030000307,
    section: 'Wi-Fi',
    name: 'Wi-Fi with a bridge',
    body: html(
      'A bridge joins your Wi-Fi as well and needs 2.4 GHz too. Place it where its light shows white; blue blinking means it cannot reach the network.',
      'Devices paired through the bridge depend on it: keep it powered.',
    ),
  },
  {
    id: 360030000308,
    section: 'Zigbee',
    name: 'Building a strong Zigbee network',
    body: html(
      'Zigbee devices on mains power (plugs, bulbs) repeat the signal for battery devices. Add those first, starting near the hub, then work outwards.',
      'Keep the hub one metre away from your Wi-Fi router: both use 2.4 GHz.',
    ),
  },
  {
    id: 360030000309,
    section: 'Zigbee',
    name: 'Zigbee devices stop responding',
    body: html(
      '- Wait: a network settles for up to a day after changes.\n- Remove bulbs from the network that are switched off at the wall: they break routes.\n- Re-pair a device that stays unresponsive, close to the hub.',
    ),
  },
  {
    id: 360030000310,
    section: 'Zigbee',
    name: 'Zigbee with a bridge',
    body: html(
      'A bridge has its own Zigbee radio and network. Pair devices near the rooms they are in to the bridge closest to them; a device cannot move between the hub\'s and the bridge\'s network without re-pairing.',
    ),
  },
  {
    id: 360030000311,
    section: 'Z-Wave',
    name: 'Adding and excluding Z-Wave devices',
    body: html(
      'A Z-Wave device that was in another network must be excluded first: choose <strong>Z-Wave → Exclude</strong> and press the device\'s button. Then add it as usual.',
      'Secure devices (locks) ask for the PIN on their label (S2).',
    ),
  },
  {
    id: 360030000312,
    section: 'Z-Wave',
    name: 'Z-Wave devices are slow or unreachable',
    body: html(
      '- Run <strong>Heal network</strong> after moving devices.\n- Mains-powered devices repeat; battery devices do not.\n- Remove failed nodes of devices that no longer exist.',
    ),
  },
  {
    id: 360030000313,
    section: 'Z-Wave',
    name: 'Z-Wave with a bridge',
    body: html(
      'Z-Wave devices paired through a bridge use the bridge\'s radio. For the best range, place the bridge centrally; pair each device to the hub or the bridge nearest to it.',
    ),
  },
  {
    id: 360030000314,
    section: 'Bridge',
    name: 'Setting up a bridge',
    body: html(
      'Plug the bridge in, open <strong>Settings → Bridges</strong> and follow the steps. The bridge must be on the same Wi-Fi as your phone during setup.',
      'One hub can use several bridges to reach every floor.',
    ),
  },
  {
    id: 360030000315,
    section: '433 MHz',
    name: 'Copying a 433 MHz remote',
    body: html(
      'Many remote sockets and blinds learn from a remote. Choose <strong>+ → brand → Copy remote</strong> and press the remote\'s button near the hub; the hub then sends the same signal, so both keep working.',
    ),
  },
  {
    id: 360030000316,
    section: 'Bluetooth',
    name: 'Bluetooth devices lose their connection',
    body: html(
      '- Keep the device within 10 metres of the hub, without metal or water in between.\n- Replace weak batteries: Bluetooth devices disconnect first when their voltage drops.\n- Turn off the brand\'s own phone app in the background: it may hold the connection.',
    ),
  },
];
