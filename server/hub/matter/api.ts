import * as manifest from '../../../generated/hub/matter.operations.js';
import type { operations } from '../../../generated/hub/matter.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import type { HubItems } from '../core/items.js';
import { basicInfo, commission, forgetNode, interview, makeDevice, matterState, paaSettings, paaSettingsOption, powerUp, requireNode, updatePaaCerts } from './commissioning.js';
import * as nodes from './nodes.js';

const DEFAULT_WINDOW_SECONDS = 300;

export const matter = defineApi<operations, typeof manifest.operations, HubContextOf<'radioChanges'>, HubItems>(
  manifest,
  {
    getState: (_args, { hub }) => matterState(hub),
    getOptionPaaSettings: (_args, { hub }) => ({ value: paaSettings(hub) }),
    setOptionPaaSettings: ({ value }, { hub }) => paaSettingsOption.set(hub, { allowTestCertificates: value.allowTestCertificates }),
    unsetOptionPaaSettings: (_args, { hub }) => paaSettingsOption.unset(hub),
    getNodeAttributes: ({ id }, { hub }) => nodes.attributes(hub, id),
    getNodeFabrics: ({ id }, { hub }) => requireNode(hub, id).fabrics,
    deleteNodeFabric: ({ id, fabricIndex }, { hub }) => nodes.removeFabric(hub, requireNode(hub, id), fabricIndex),
    resolveNodeAddress: ({ id }, { hub }) => nodes.resolveAddress(hub, id),
    forceNodeUpdate: ({ id }, { hub }) => nodes.touch(hub, id),
    pingNode: ({ id }, { hub }) => nodes.ping(hub, id),
    getNodeAvailableFirmwareUpdate: ({ id }, { hub }) => nodes.availableUpdate(hub, id),
    installNodeAvailableFirmwareUpdate: ({ id, softwareVersion }, { hub }) => nodes.installUpdate(hub, id, softwareVersion),
    nodeDiagnosticReport: ({ id }, { hub }) => nodes.diagnosticReport(hub, id),
    nodeThreadNetworkInformation: ({ id }, { hub }) => nodes.threadNetwork(hub, id),
    nodeWiFiNetworkInformation: ({ id }, { hub }) => nodes.wifiNetwork(hub, id),
    openCommissioningWindow: ({ deviceId, timeout = DEFAULT_WINDOW_SECONDS, revokeExisting = false }, { hub }) => nodes.openWindow(hub, deviceId, timeout, revokeExisting),
    getFabrics: ({ deviceId }, { hub }) => nodes.nodeOfDevice(hub, deviceId).fabrics,
    deleteFabric: ({ deviceId, fabricIndex }, { hub }) => nodes.removeFabric(hub, nodes.nodeOfDevice(hub, deviceId), fabricIndex),
    updateDclPaaCerts: (_args, { hub }) => updatePaaCerts(hub),
    interviewNode: ({ nodeId }, { hub }) => interview(hub, nodeId),
    makeDevice: ({ nodeId }, { hub }) => makeDevice(hub, nodeId),
    readBasicInfo: ({ nodeId }, { hub }) => basicInfo(hub, nodeId),
    addSimulatedDevice: (device, { hub }) => powerUp(hub, device),
    commissionNode: ({ pairingCode }, { hub }) => commission(hub, pairingCode),
    addSimulatedFabric: ({ pairingCode, label }, { hub }) => nodes.joinFabric(hub, pairingCode, label),
  },
  { rules: { matternode: { remove: (node, { hub }) => forgetNode(hub, node) } } },
);
