/**
 * Fawry (FawryPay) client, signatures and sandbox emulator: built with the payments capability
 * (see ../shared/reference/fawry-api.md). Nothing is exported yet.
 */
export {};
