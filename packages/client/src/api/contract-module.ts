/// <reference path="../virtual-contract.d.ts" />

import schemas from 'virtual:hiwar/contract';
import { contractPart } from './contract-part.ts';

export type { ContractSchemas } from './contract-part.ts';

/**
 * What contract.ts loads first, through a module nothing imports statically: the part of the contract
 * the app's first screens check (`FIRST_SCREEN_CONTRACT`, contract-names.ts), as checks of the JSON
 * Schema the build wrote (contract-plugin.ts). The rest is contract-more-module.ts.
 */
export const contract = contractPart(schemas);
