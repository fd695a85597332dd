// The one encoder of jsbarcode the app uses, without the DOM renderer of its main entry.
declare module 'jsbarcode/bin/barcodes/CODE128/index.js' {
  export class CODE128B {
    constructor(data: string, options: Record<string, unknown>);
    valid(): boolean;
    /** `data` is the bar pattern: "1" a dark module, "0" a light one. */
    encode(): { text: string; data: string };
  }
}
