/** The version of this package (package.json says the same; the tests check it). */
export const VERSION = '0.1.0';
