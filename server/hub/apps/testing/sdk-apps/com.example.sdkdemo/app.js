'use strict';

const Homey = require('homey');
const greet = require('tiny-greeting');

class DemoApp extends Homey.App {
  async onInit() {
    this.log(greet('hub'));
    this.log(this.homey.__('greeting', { name: 'Ada' }));
    this.totalReached = this.homey.flow.getTriggerCard('total_reached')
      .registerRunListener(async (args, state) => state.total >= args.goal);
    this.counter = await this.homey.flow.createToken('counter', { type: 'number', title: 'Counter', value: 0 });
    this.homey.flow.getActionCard('count').registerRunListener(async ({ step }) => {
      const total = (this.homey.settings.get('total') ?? 0) + step;
      this.homey.settings.set('total', total);
      await this.counter.setValue(total);
      await this.totalReached.trigger({ total }, { total });
      return { total };
    });
    this.homey.flow.getConditionCard('total_above').registerRunListener(async ({ limit }) => (this.homey.settings.get('total') ?? 0) > limit);
    this.homey.flow.getActionCard('pick_colour')
      .registerRunListener(async ({ colour }) => this.log(`Picked ${colour.name}`))
      .registerArgumentAutocompleteListener('colour', async (query) => ['Red', 'Green', 'Blue']
        .filter((name) => name.toLowerCase().includes(query.toLowerCase()))
        .map((name) => ({ name, description: `The colour ${name.toLowerCase()}` })));
    this.homey.settings.on('set', (key) => this.log(`Setting ${key} changed`));
    this.log(`${this.id} has been initialized`);
  }
}

module.exports = DemoApp;
