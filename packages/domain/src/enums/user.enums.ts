import { enumValues } from './enum-values.ts';

export const Role = {
  SuperAdmin: 1,
  RegularAdmin: 2,
  Tutor: 3,
  Student: 4,
  TutorManager: 5,
  Studio: 6,
} as const;
export type Role = (typeof Role)[keyof typeof Role];
export const ROLES = enumValues(Role);

/** Roles that sign in to the admin back office. */
export const STAFF_ROLES: readonly Role[] = Object.freeze([
  Role.SuperAdmin,
  Role.RegularAdmin,
  Role.TutorManager,
  Role.Studio,
]);

/** Whether the role may enter the admin back office at all; what it may do there is a separate check. */
export function isStaff(role: Role): boolean {
  return STAFF_ROLES.includes(role);
}

/** TutorManagers teach (introductory lessons, interviews) too, so they carry tutor meta and a schedule. */
export function isTutorLike(role: Role): boolean {
  return role === Role.Tutor || role === Role.TutorManager;
}

export const Gender = { Male: 'male', Female: 'female' } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];
export const GENDERS = enumValues(Gender);

/** Egyptian governorates (user city), numbered 1–30 in the spec's order. */
export const Governorate = {
  Cairo: 1,
  Alexandria: 2,
  Giza: 3,
  Dakahlia: 4,
  Qalyubia: 5,
  Sharkia: 6,
  Beheira: 7,
  Aswan: 8,
  Asyut: 9,
  BeniSuef: 10,
  PortSaid: 11,
  Suez: 12,
  Minya: 13,
  Gharbia: 14,
  Ismailia: 15,
  KafrElSheikh: 16,
  Matrouh: 17,
  RedSea: 18,
  Sohag: 19,
  Fayoum: 20,
  Luxor: 21,
  Qena: 22,
  NewValley: 23,
  NorthSinai: 24,
  SouthSinai: 25,
  Damietta: 26,
  Monufia: 27,
  Minufiya: 28,
  Helwan: 29,
  GizaCity: 30,
} as const;
export type Governorate = (typeof Governorate)[keyof typeof Governorate];
export const GOVERNORATES = enumValues(Governorate);

export const ConfirmationCodeKind = {
  VerifyWhatsApp: 1,
  VerifyTelegram: 2,
  VerifyEmail: 3,
  ResetPassword: 4,
} as const;
export type ConfirmationCodeKind = (typeof ConfirmationCodeKind)[keyof typeof ConfirmationCodeKind];
export const CONFIRMATION_CODE_KINDS = enumValues(ConfirmationCodeKind);

/** How a user is notified and how a phone is verified. */
export const MessagingApp = { Whatsapp: 1, Telegram: 2 } as const;
export type MessagingApp = (typeof MessagingApp)[keyof typeof MessagingApp];
export const MESSAGING_APPS = enumValues(MessagingApp);

export const TokenPurpose = { ForgetPassword: 'forget-password', VerifyEmail: 'verify-email' } as const;
export type TokenPurpose = (typeof TokenPurpose)[keyof typeof TokenPurpose];
export const TOKEN_PURPOSES = enumValues(TokenPurpose);

/** Where a sign-up came from: campaign codes kept as the original product spelt them. */
export const LeadSource = { Wa: 'wa', Sfb: 'sfb', Syt: 'syt', Sig: 'sig', Stt: 'stt', Sx: 'sx' } as const;
export type LeadSource = (typeof LeadSource)[keyof typeof LeadSource];
export const LEAD_SOURCES = enumValues(LeadSource);
