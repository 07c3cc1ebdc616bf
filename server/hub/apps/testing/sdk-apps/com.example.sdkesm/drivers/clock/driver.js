import Homey from 'homey';

export default class ClockDriver extends Homey.Driver {
  async onInit() {
    this.log('ClockDriver ready');
  }
}
