/**
 * Where the browser tests keep their shops' files, under node_modules/.cache so a clone ignores
 * them: a data folder and a mailbox per port, and the demo pictures, which all shops share and
 * which are kept between local runs, since making them is the slow part of a shop's start.
 */
import path from 'node:path';

const root = path.resolve('node_modules/.cache/vastra-e2e');

export const dataDirOf = (port: number | string) => path.join(root, `data-${port}`);
export const mailboxDir = (port: number) => path.join(root, `mail-${port}`);
export const e2eImagesDir = path.join(root, 'images');
