/// <reference path="../virtual-contract.d.ts" />

import schemas from 'virtual:hiwar/contract/more';
import { contractPart } from './contract-part.ts';

/**
 * The rest of the contract: the schemas the app's first screens never check (contract-names.ts),
 * which contract.ts loads on the first check of one of them, through a module nothing imports
 * statically.
 */
export const contract = contractPart(schemas);
