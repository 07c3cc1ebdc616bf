import * as manifest from '../../../generated/hub/energy.operations.js';
import type { operations } from '../../../generated/hub/energy.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf, HubCore } from '../core/context.js';
import { enableDummyReports } from './dummy.js';
import { liveReport } from './live.js';
import { marketPrices } from './market.js';
import { deleteReports, energyState, report, resetDayCategories } from './manage.js';
import { parseDay, parseIsoWeek, parseMonth, parseYear } from './periods.js';
import { priceZoneList } from '../../common/price-zones.js';
import * as prices from './prices.js';

/** The value of a price option, or null. */
const option = (hub: HubCore, name: prices.PriceOption) => ({ value: prices.getOption<number>(hub, name) });

export const energy = defineApi<operations, typeof manifest.operations, HubContextOf<'energy'>>(manifest, {
  getOptionElectricityPriceFixed: (_args, { hub }) => option(hub, 'electricityPriceFixed'),
  setOptionElectricityPriceFixed: ({ value }, { hub }) => prices.setOption(hub, 'electricityPriceFixed', value),
  unsetOptionElectricityPriceFixed: (_args, { hub }) => prices.unsetOption(hub, 'electricityPriceFixed'),
  getOptionKWhCost: (_args, { hub }) => option(hub, 'electricityPriceFixed'),
  setOptionKWhCost: ({ value }, { hub }) => prices.setOption(hub, 'electricityPriceFixed', value),
  unsetOptionKWhCost: (_args, { hub }) => prices.unsetOption(hub, 'electricityPriceFixed'),
  getOptionGasPriceFixed: (_args, { hub }) => option(hub, 'gasPriceFixed'),
  setOptionGasPriceFixed: ({ value }, { hub }) => prices.setOption(hub, 'gasPriceFixed', value),
  unsetOptionGasPriceFixed: (_args, { hub }) => prices.unsetOption(hub, 'gasPriceFixed'),
  getOptionWaterPriceFixed: (_args, { hub }) => option(hub, 'waterPriceFixed'),
  setOptionWaterPriceFixed: ({ value }, { hub }) => prices.setOption(hub, 'waterPriceFixed', value),
  unsetOptionWaterPriceFixed: (_args, { hub }) => prices.unsetOption(hub, 'waterPriceFixed'),
  getOptionCurrency: (_args, { hub }) => ({ value: prices.getOption<string>(hub, 'currency') }),
  setOptionCurrency: ({ value }, { hub }) => prices.setCurrency(hub, value),
  unsetOptionCurrency: (_args, { hub }) => prices.unsetOption(hub, 'currency'),
  getCurrency: (_args, { hub }) => prices.currencyInEffect(hub),

  getState: (_args, { hub }) => energyState(hub.energy, hub),
  getLiveReport: ({ zone }, { hub }) => liveReport(hub, zone),
  getReportDay: ({ date, cache }, { hub }) => report(hub.energy, hub, parseDay(date), cache),
  getReportWeek: ({ isoWeek, cache }, { hub }) => report(hub.energy, hub, parseIsoWeek(isoWeek), cache),
  getReportMonth: ({ yearMonth, cache }, { hub }) => report(hub.energy, hub, parseMonth(yearMonth), cache),
  getReportYear: ({ year, cache }, { hub }) => report(hub.energy, hub, parseYear(year), cache),
  getReportsAvailable: (_args, { hub }) => {
    hub.energy.flush();
    return hub.energy.usage.available();
  },
  deleteReports: (_args, { hub }) => deleteReports(hub.energy),
  resetReportDayCategories: ({ options }, { hub }) => resetDayCategories(hub.energy, hub, options.date),
  enableDummyEnergyReports: (args, { hub }) => enableDummyReports(hub, hub.energy.usage, args),
  disableDummyEnergyReports: (_args, { hub }) => hub.energy.usage.deleteDummy(),

  getElectricityPriceType: (_args, { hub }) => ({ type: prices.priceType(hub) }),
  setElectricityPriceType: ({ type }, { hub }) => prices.setPriceType(hub, type),
  getDynamicPricesElectricityZones: () => priceZoneList(),
  getDynamicPricesElectricityZone: (_args, { hub }) => ({ zone: prices.chosenZone(hub) }),
  setDynamicPricesElectricityZone: ({ options }, { hub }) => ({ zone: prices.chooseZone(hub, options.zoneId) }),
  getDynamicElectricityPriceTariff: (_args, { hub }) => ({ prices: prices.tariff(hub) }),
  setDynamicElectricityPriceTariff: ({ prices: hourly }, { hub }) => prices.setTariff(hub, hourly),
  fetchDynamicElectricityPrices: ({ date }, { hub }) => (hub.config.energyUrl ? marketPrices(hub, parseDay(date)) : prices.dynamicPrices(hub, parseDay(date))),
  getDynamicElectricityPriceUserCosts: (_args, { hub }) => ({ mathExpression: prices.userCosts(hub), type: 'electricity' as const }),
  setDynamicElectricityPriceUserCosts: ({ mathExpression }, { hub }) => prices.setUserCosts(hub, mathExpression),
  unsetDynamicElectricityPriceUserCosts: (_args, { hub }) => prices.unsetUserCosts(hub),
});
