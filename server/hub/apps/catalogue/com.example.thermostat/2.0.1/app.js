// Virtual thermostat: a radiator thermostat whose room warms up or cools down to a new target at once.
export default async function onInit(homey) {
  const driver = homey.drivers.getDriver('thermostat');
  driver.onCapability('target_temperature', (device, target) => {
    homey.log(`${device.name}: target ${target} °C`);
    driver.setCapabilityValue(device.id, 'measure_temperature', target);
    homey.flow.getTriggerCard('target_reached').trigger({ temperature: target });
  });
  homey.log('Virtual thermostat started');
}
