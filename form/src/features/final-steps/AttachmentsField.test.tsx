import { renderToString } from 'react-dom/server';
import { AttachmentsField, attachmentTexts } from './AttachmentsField.js';

const file = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'text/plain' });

describe('AttachmentsField', () => {
  it('when files are chosen, then each is listed with its size, and the count shows beside the button that opens the hidden picker', () => {
    const html = renderToString(<AttachmentsField files={[file('hub-log.txt', 2048), file('network.png', 2_400_000)]} onChange={() => undefined} />);
    expect(html).toMatch(/<input id="([^"]+)" class="visually-hidden" type="file" multiple="" tabindex="-1"\/>/);
    const inputId = /<input id="([^"]+)"/.exec(html)![1];
    expect(html).toContain(`<label for="${inputId}" class="attachments__label">Attachments</label>`);
    expect(html).toMatch(new RegExp(`<button type="button" class="button" aria-describedby="[^"]+">${attachmentTexts.choose}</button>`));
    expect(html).toMatch(/2<!-- --> of <!-- -->12<!-- --> files/);
    expect(html).toContain('<span class="attachments__name">hub-log.txt</span><small class="attachments__size">2 kB</small>');
    expect(html).toContain('<span class="attachments__name">network.png</span><small class="attachments__size">2.4 MB</small>');
  });

  it('when nothing is chosen, then no list shows', () => {
    const html = renderToString(<AttachmentsField files={[]} onChange={() => undefined} />);
    expect(html).not.toContain(attachmentTexts.listLabel);
    expect(html).toMatch(/0<!-- --> of <!-- -->12<!-- --> files/);
  });
});
