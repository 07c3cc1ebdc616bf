import { checkVat } from './vat.js';

describe('store VAT numbers: EU formats, offline', () => {
  it.each([
    ['BE 0123.456.749', 'BE0123456749', 'BE'],
    ['nl123456782b01', 'NL123456782B01', 'NL'],
    ['DE136695976', 'DE136695976', 'DE'],
    ['ATU12345678', 'ATU12345678', 'AT'],
    ['IT00743110157', 'IT00743110157', 'IT'],
    ['DK13585628', 'DK13585628', 'DK'],
    ['FI20774740', 'FI20774740', 'FI'],
    ['PL5260250274', 'PL5260250274', 'PL'],
    ['SE556703748501', 'SE556703748501', 'SE'],
    ['EL094259216', 'EL094259216', 'EL'],
    ['FRXX123456789', 'FRXX123456789', 'FR'],
    ['IE6388047V', 'IE6388047V', 'IE'],
  ])('when %s is checked, then it is valid as %s', (input, vat, countryCode) => {
    expect(checkVat(input)).toEqual({ vat, valid: true, countryCode });
  });

  it.each([
    ['CHE123456789', 'CH is not an EU country code'],
    ['GB123456789', 'GB is not an EU country code'],
    ['GR094259216', 'GR is not an EU country code (Greek numbers start with EL)'],
    ['123456789', 'A VAT number starts with the two letters of its country'],
    ['NL12345678B01', 'Not the format of NL VAT numbers'],
    ['BE0123456748', 'The check digits do not match: is there a typing error?'],
    ['NL123456781B01', 'The check digits do not match: is there a typing error?'],
    ['DE136695975', 'The check digits do not match: is there a typing error?'],
  ])('when %s is checked, then it is not valid: %s', (input, reason) => {
    expect(checkVat(input)).toMatchObject({ valid: false, reason });
  });
});
