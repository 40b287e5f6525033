import { describe, expect, it } from 'vitest';
import { BOUNDS } from './bounds.ts';

describe('BOUNDS', () => {
  it('holds the rules.md figures', () => {
    expect(BOUNDS.userName).toEqual({ min: 2, max: 30 });
    expect(BOUNDS.password).toEqual({ min: 8, max: 50 });
    expect(BOUNDS.age).toEqual({ min: 10, max: 60 });
    expect(BOUNDS.verificationCode).toEqual({
      emailDigits: 4,
      resetDigits: 5,
      ttlMinutes: 15,
      maxAttempts: 5,
      sendsPerMinute: 1,
      sendsPerHour: 5,
    });
    expect(BOUNDS.verifyLinkHours).toBe(24);
    expect(BOUNDS.token).toEqual({ lifetimeDays: 7, refreshThresholdDays: 2 });
    expect(BOUNDS.bio).toEqual({ min: 25, max: 60 });
    expect(BOUNDS.tutorAbout).toEqual({ min: 50, max: 1000 });
    expect(BOUNDS.topicName).toEqual({ min: 3, max: 50 });
    expect(BOUNDS.topicsPerUser.max).toBe(30);
    expect(BOUNDS.noticeDays).toEqual({ min: 1, max: 60, default: 14 });
    expect(BOUNDS.planAlias).toEqual({ min: 3, max: 50 });
    expect(BOUNDS.weeklyMinutes).toEqual({ min: 15, max: 10_080, step: 15 });
    expect(BOUNDS.rating).toEqual({ min: 1, max: 5 });
    expect(BOUNDS.ratingText).toEqual({ min: 3, max: 1000 });
    expect(BOUNDS.messageText).toEqual({ min: 1, max: 1000 });
    expect(BOUNDS.interviewNote).toEqual({ min: 5, max: 1000 });
    expect(BOUNDS.interviewFeedback).toEqual({ min: 5, max: 1000 });
    expect(BOUNDS.interviewLevel).toEqual({ min: 1, max: 5 });
    expect(BOUNDS.interviewRetakeMonths).toBe(6);
    expect(BOUNDS.reportTitle).toEqual({ min: 5, max: 128 });
    expect(BOUNDS.reportDescription).toEqual({ min: 10, max: 1000 });
    expect(BOUNDS.contactRequestTitle).toEqual({ min: 5, max: 128 });
    expect(BOUNDS.contactRequestMessage).toEqual({ min: 10, max: 1000 });
    expect(BOUNDS.withdrawPiasters).toEqual({ min: 10_000, max: 5_000_000 });
    expect(BOUNDS.pageSize).toEqual({ default: 10, max: 100 });
    expect(BOUNDS.toastDurationMs).toBe(4000);
    expect(BOUNDS.upload).toEqual({
      avatarMinPixels: 480,
      imageMaxBytes: 10 * 1024 * 1024,
      videoMaxBytes: 400 * 1024 * 1024,
    });
  });

  it('has a weekly maximum of a whole week on the 15-minute grid', () => {
    expect(BOUNDS.weeklyMinutes.max % BOUNDS.weeklyMinutes.step).toBe(0);
  });

  it('accepts coupon codes of 4 to 20 capitals, digits and hyphens', () => {
    const { pattern } = BOUNDS.couponCode;
    expect(pattern.test('RAMADAN-2026')).toBe(true);
    expect(pattern.test('ABCD')).toBe(true);
    expect(pattern.test('ABC')).toBe(false);
    expect(pattern.test('A'.repeat(20))).toBe(true);
    expect(pattern.test('A'.repeat(21))).toBe(false);
    expect(pattern.test('ramadan')).toBe(false);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(BOUNDS)).toBe(true);
    expect(Object.isFrozen(BOUNDS.password)).toBe(true);
    expect(Object.isFrozen(BOUNDS.reminderMinutesBefore)).toBe(true);
    expect(() => {
      (BOUNDS.password as { min: number }).min = 1;
    }).toThrow(TypeError);
  });
});
