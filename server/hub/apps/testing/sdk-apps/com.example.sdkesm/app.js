import Homey from 'homey';

export default class EsmApp extends Homey.App {
  async onInit() {
    this.log(`ES module app ${this.homey.manifest.version} started`);
  }
}
