import { capabilityDefinition, stateTitles } from '../drivers/capabilities.js';
import { packageCapabilities, registerPackageDrivers } from './app-drivers.js';
import { checkManifest } from '../../common/app-package/manifest.js';

const manifest = checkManifest({
  id: 'com.example.meters',
  version: '1.0.0',
  sdk: 3,
  name: { en: 'Meters' },
  author: { name: 'Ada Example' },
  capabilities: {
    alarm_over: { type: 'boolean', title: { en: 'Over the limit', no: 'Over grensen' }, getable: true, setable: false, insightsTitleTrue: { en: 'Went over' }, insightsTitleFalse: { en: 'Back under' } },
    meter_left: { type: 'number', title: { en: 'Left' }, units: { en: 'Wh' }, decimals: 0, min: 0, chartType: 'spline' },
    strange: { type: 'picture', title: { en: 'Not a type the hub knows' } },
  },
});
const owner = 'homey:app:com.example.meters';

describe('an app\'s own capabilities (app.json capabilities)', () => {
  it('when read, then texts are English, insights titles are its states\' titles and a type the hub does not know is left out', () => {
    const capabilities = packageCapabilities(manifest);
    expect(Object.keys(capabilities)).toEqual(['alarm_over', 'meter_left']);
    expect(capabilities.alarm_over).toMatchObject({ type: 'boolean', title: 'Over the limit', setable: false, titleTrue: 'Went over', titleFalse: 'Back under' });
    expect(capabilities.meter_left).toMatchObject({ type: 'number', units: 'Wh', decimals: 0, min: 0, max: null, chartType: 'spline', setable: true });
  });

  it('when two hubs run the app and the later one stops it, then its devices\' capabilities stay defined until the first stops it too, and never for another owner', () => {
    const first = registerPackageDrivers(manifest);
    const second = registerPackageDrivers(manifest);
    expect(capabilityDefinition('meter_left', owner)).toMatchObject({ id: 'meter_left', ownerUri: owner, title: 'Left' });
    expect(capabilityDefinition('meter_left', 'homey:app:com.example.other')).toBeUndefined();
    expect(capabilityDefinition('meter_left')).toBeUndefined();
    second();
    expect(stateTitles('alarm_over', owner)).toEqual({ titleTrue: 'Went over', titleFalse: 'Back under' });
    first();
    expect(capabilityDefinition('meter_left', owner)).toBeUndefined();
    // The hub's own capabilities are the hub's whoever asks.
    expect(capabilityDefinition('onoff', owner)).toMatchObject({ ownerUri: 'homey:manager:devices' });
  });
});
