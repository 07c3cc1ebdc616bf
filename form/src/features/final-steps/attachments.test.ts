import { addFiles, fileSize, removeFile } from './attachments.js';

const file = (name: string, size = 10) => ({ name, size });

describe('attachments', () => {
  it('when a file has the name of one already added, then it is silently ignored', () => {
    expect(addFiles([file('a.png')], [file('a.png', 99), file('b.png')])).toEqual({ files: [file('a.png'), file('b.png')] });
  });

  it('when a file is larger than 50,000,000 bytes, then it is refused with the seed text and the others are added', () => {
    expect(addFiles([], [file('exact.bin', 50_000_000), file('big.bin', 50_000_001)])).toEqual({
      files: [file('exact.bin', 50_000_000)],
      error: 'File exceeds the maximum file size of 50MB and could not be added.',
    });
  });

  it('when more than 12 files are added, then the first 12 are kept and the seed text explains', () => {
    const many = Array.from({ length: 14 }, (_, i) => file(`f${i}.txt`));
    const { files, error } = addFiles([], many);
    expect(files).toHaveLength(12);
    expect(error).toBe('Maximum number of attachments reached. Cannot add more than 12 files.');
  });

  it('when a file is removed, then only that one goes', () => {
    expect(removeFile([file('a'), file('b'), file('c')], 'b')).toEqual([file('a'), file('c')]);
  });

  it('when a size is shown, then in the decimal units of the limit, one decimal below ten', () => {
    expect([1, 512, 2048, 12_345, 999_000, 2_400_000, 50_000_000].map(fileSize)).toEqual(['1 byte', '512 bytes', '2 kB', '12 kB', '999 kB', '2.4 MB', '50 MB']);
  });
});
