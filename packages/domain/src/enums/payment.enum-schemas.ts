import { z } from 'zod';
import { PaymentMethod, PaymentStatus, PlanPeriod } from './payment.enums.ts';

/**
 * The zod schemas of payment.enums.ts, in a module of their own: the apps' first screens import the
 * enums, and zod must not come with them (first-load budget, issue 16).
 */
export const PlanPeriodSchema = z.enum(PlanPeriod);
export const PaymentMethodSchema = z.enum(PaymentMethod);
export const PaymentStatusSchema = z.enum(PaymentStatus);
