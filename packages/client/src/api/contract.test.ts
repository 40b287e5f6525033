import { describe, expect, it } from 'vitest';
import { contractJsonSchemas, contractParts } from '../build/contract-plugin.ts';
import {
  type Contract,
  checkedValue,
  loadContract,
  loadContractCheck,
  loadedContractCheck,
} from './contract.ts';
import { CONTRACT_SCHEMAS, FIRST_SCREEN_CONTRACT } from './contract-names.ts';

describe('the contract in two parts (decision 36)', () => {
  it('splits an app’s contract into what its first screens check and the rest, losing none', async () => {
    const schemas = await contractJsonSchemas();
    for (const app of ['web', 'admin'] as const) {
      const { first, more } = contractParts(schemas, app);
      expect(Object.keys(first).sort()).toEqual([...FIRST_SCREEN_CONTRACT[app]].sort());
      expect([...Object.keys(first), ...Object.keys(more)].sort()).toEqual([...CONTRACT_SCHEMAS].sort());
    }
    const whole = contractParts(schemas);
    expect(Object.keys(whole.first)).toHaveLength(CONTRACT_SCHEMAS.length);
    expect(whole.more).toEqual({});
  });

  // The test project builds the web app's parts (vitest.config.ts): LessonSchema goes first,
  // PlanListResponseSchema (the checkout's) is in the rest.
  it('loads the first part for a first screen’s schema, and the rest only for one of its own', async () => {
    expect(FIRST_SCREEN_CONTRACT.web).toContain('LessonSchema');
    expect(FIRST_SCREEN_CONTRACT.web).not.toContain('PlanListResponseSchema');
    const lesson = (contract: Contract) => contract.LessonSchema;
    const plans = (contract: Contract) => contract.PlanListResponseSchema;

    expect(loadedContractCheck(lesson)).toBeNull();
    await loadContractCheck(lesson);
    expect(loadedContractCheck(lesson)).not.toBeNull();
    expect(loadedContractCheck(plans), 'the rest is not loaded for a first part’s schema').toBeNull();

    expect(await checkedValue(plans, '<!doctype html>')).toBeNull();
    expect(await checkedValue(plans, { list: [], total: 0 })).toEqual({ list: [], total: 0 });
    expect(loadedContractCheck(plans)).not.toBeNull();
  });

  it('loads the whole contract for tests and tools', async () => {
    const contract = await loadContract();
    expect(Object.keys(contract).sort()).toEqual([...CONTRACT_SCHEMAS].sort());
  });
});
