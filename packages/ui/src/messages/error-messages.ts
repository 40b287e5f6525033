import { type AckCode, BOUNDS, type ErrorCode, type MediaErrorCode } from '@hiwar/domain';
import { arabicInteger } from './numerals.ts';
import { nouns, plural } from './plural.ts';

/** Writes a bound from `BOUNDS` with Arabic-Indic digits, so messages and rules never disagree. */
const n = arabicInteger;
const chars = (count: number): string => plural(count, nouns.characters);

const logInAgain = 'انتهت جلستك. من فضلك سجّل الدخول مرة أخرى.';
const notMember = 'أنت لست عضوًا في هذه المحادثة.';
const tooMany = 'محاولات كثيرة في وقت قصير. انتظر قليلًا ثم حاول مرة أخرى.';

/**
 * Arabic text for every API error code (spec §8). Typed as a full `Record` so adding a code to the domain
 * catalogue without wording it here fails the typecheck (and the completeness test).
 */
export const errorMessages: Readonly<Record<ErrorCode, string>> = {
  // General
  unauthenticated: logInAgain,
  forbidden: 'ليست لديك صلاحية للقيام بذلك. استخدم حسابًا آخر أو تواصل مع أحد المسؤولين.',
  'not-member': notMember,
  'not-owner': 'يمكن لصاحب هذا العنصر فقط تعديله أو حذفه.',
  unallowed: 'غير مسموح بذلك الآن. غرفة الدرس تفتح قبل موعده بعشر دقائق وتُغلق بانتهائه.',
  'bad-request': 'تعذّر تنفيذ الطلب لأن بعض البيانات غير صحيحة. راجعها ثم حاول مرة أخرى.',
  'empty-request': 'لم تُرسَل أي بيانات. أكمل الحقول المطلوبة ثم حاول مرة أخرى.',
  required: 'هذا الحقل مطلوب.',
  'invalid-type': 'القيمة المُدخلة من نوع غير صحيح.',
  'room-exists': 'لديك محادثة بالفعل مع هذا المستخدم.',
  'user-exists': 'هذا البريد الإلكتروني مسجّل بالفعل. استخدم بريدًا إلكترونيًا آخر أو سجّل الدخول.',
  'rating-exists': 'لقد قيّمت هذا المعلم من قبل. يمكنك تعديل تقييمك بدلًا من إضافة تقييم جديد.',
  'subscription-exists': 'لديك اشتراك نشط بالفعل.',
  'busy-tutor': 'المعلم مشغول في هذا الوقت. اختر موعدًا آخر.',
  'busy-tutor-manager': 'مسؤول المقابلات مشغول في هذا الوقت. اختر موعدًا آخر.',
  'empty-weekly-minutes': 'نفدت دقائقك لهذا الأسبوع. اشترِ المزيد من الدقائق لتتمكن من حجز الدرس.',
  'invalid-cvv': 'رمز الأمان (CVV) غير صحيح. راجع الأرقام الثلاثة على ظهر البطاقة.',
  'too-many-requests': tooMany,
  'payload-too-large': 'حجم الملف أكبر من المسموح به. اختر ملفًا أصغر.',
  'unsupported-media-type': 'نوع الملف غير مدعوم. اختر ملفًا بصيغة أخرى.',
  unexpected: 'حدث خطأ غير متوقع. حاول مرة أخرى بعد قليل.',
  'service-unavailable': 'الخدمة غير متاحة حاليًا. حاول مرة أخرى بعد قليل.',
  'fawry-error': 'حدث خطأ في بوابة الدفع ولم تكتمل العملية. حاول مرة أخرى بعد قليل.',

  // Not found
  'not-found': 'العنصر المطلوب غير موجود.',
  'session-not-found': 'جلسة الدرس غير موجودة.',
  'transaction-not-found': 'عملية الدفع غير موجودة.',
  'user-not-found': 'المستخدم غير موجود.',
  'tutor-not-found': 'المعلم غير موجود.',
  'student-not-found': 'الطالب غير موجود.',
  'lesson-not-found': 'الدرس غير موجود أو أُلغي.',
  'slot-not-found': 'هذا الموعد لم يعد متاحًا. اختر موعدًا آخر.',
  'rating-not-found': 'التقييم غير موجود.',
  'coupon-not-found': 'كود الخصم غير موجود. تأكد من كتابته بشكل صحيح.',
  'asset-not-found': 'الملف غير موجود.',
  'invite-not-found': 'الدعوة غير موجودة.',
  'invoice-not-found': 'طلب السحب غير موجود.',
  'plan-not-found': 'الباقة غير موجودة.',
  'room-not-found': 'المحادثة غير موجودة.',
  'room-members-not-found': 'تعذّر العثور على أعضاء هذه المحادثة.',
  'report-not-found': 'البلاغ غير موجود.',
  'interview-not-found': 'المقابلة غير موجودة.',
  'topic-not-found': 'الموضوع غير موجود.',
  'report-reply-not-found': 'الرد غير موجود.',
  'withdraw-method-not-found': 'طريقة السحب غير موجودة.',
  'subscription-not-found': 'الاشتراك غير موجود.',
  'installment-plan-not-found': 'برنامج التقسيط هذا غير متاح الآن. اختر برنامجًا آخر.',

  // State
  'interview-already-signed': 'تم اعتماد هذه المقابلة بالفعل ولا يمكن تغييرها.',
  'email-already-verified': 'تم تأكيد بريدك الإلكتروني من قبل.',
  'phone-already-verified': 'تم تأكيد رقم هاتفك من قبل.',
  'user-already-verified': 'تم تأكيد حسابك من قبل.',
  'email-not-verified': 'أكّد بريدك الإلكتروني أولًا لتتمكن من حجز الدروس وبدء المحادثات.',
  'unresolved-phone':
    'لم يُربط هذا الرقم ببوت حوار على تيليجرام بعد. افتح البوت وشارك رقمك منه ثم أعد المحاولة، أو اختر واتساب.',
  'incorrect-phone': 'رقم الهاتف لا يطابق الرقم المسجّل في حسابك.',
  'expired-verification-code': 'انتهت صلاحية رمز التحقق. اطلب رمزًا جديدًا.',
  'invalid-verification-code': 'رمز التحقق غير صحيح. راجعه ثم حاول مرة أخرى.',
  'illegal-invoice-update': 'لا يمكن تنفيذ هذا التغيير على طلب السحب في حالته الحالية.',
  'wrong-password': 'كلمة المرور غير صحيحة.',
  'conflicting-lessons': 'لديك درس آخر في هذا الوقت. اختر موعدًا مختلفًا.',
  'conflicting-interview': `لا يمكنك حجز مقابلة جديدة الآن. يجب أن تمر ${plural(BOUNDS.interviewRetakeMonths, nouns.months)} على الأقل بعد مقابلتك السابقة.`,
  'conflicting-schedule': 'هذا الموعد يتداخل مع موعد آخر في جدولك.',
  'reached-booking-limit': 'لديك درس محجوز بالفعل. أنهِ درسك الحالي أو ألغِه قبل حجز درس جديد.',
  'reached-favorites-limit': 'وصلت إلى الحد الأقصى للمعلمين المفضلين. احذف معلمًا من المفضلة لتحفظ غيره.',

  // Validation: account
  'invalid-email': 'البريد الإلكتروني غير صحيح. مثال: name@example.com',
  'invalid-phone': 'رقم الهاتف غير صحيح. أدخل رقم موبايل مصريًا من ١١ رقمًا يبدأ بـ 010 أو 011 أو 012 أو 015.',
  'short-password': `كلمة المرور قصيرة. يجب ألا تقل عن ${chars(BOUNDS.password.min)}.`,
  'long-password': `كلمة المرور طويلة. يجب ألا تزيد على ${chars(BOUNDS.password.max)}.`,
  'invalid-password': 'يجب أن تحتوي كلمة المرور على رقم وحرف إنجليزي صغير ورمز واحد على الأقل، بدون مسافات.',
  'password-mismatch': 'كلمتا المرور غير متطابقتين.',
  'user-name-invalid': 'يجب أن يحتوي الاسم على حروف عربية أو إنجليزية ومسافات فقط.',
  'user-name-short': `الاسم قصير. يجب ألا يقل عن ${chars(BOUNDS.userName.min)}.`,
  'user-name-long': `الاسم طويل. يجب ألا يزيد على ${chars(BOUNDS.userName.max)}.`,
  'old-user': `سنة الميلاد غير صحيحة. يجب ألا يزيد العمر على ${plural(BOUNDS.age.max, nouns.years)}.`,
  'image-too-small': `الصورة صغيرة. اختر صورة لا تقل أبعادها عن ${n(BOUNDS.upload.avatarMinPixels)}×${n(BOUNDS.upload.avatarMinPixels)} بكسل.`,
  'young-user': `عذرًا، يجب ألا يقل العمر عن ${plural(BOUNDS.age.min, nouns.years)}.`,

  // Validation: generic text
  'text-too-short': 'النص قصير جدًا.',
  'text-too-long': 'النص طويل جدًا.',
  'text-invalid-html': 'يحتوي النص على وسوم HTML غير مسموح بها. اكتبه نصًا عاديًا.',

  // Validation: tutor profile
  'bio-empty': 'اكتب نبذة قصيرة عنك.',
  'bio-short': `النبذة قصيرة. اكتب ${chars(BOUNDS.bio.min)} على الأقل.`,
  'bio-long': `النبذة طويلة. يجب ألا تزيد على ${chars(BOUNDS.bio.max)}.`,
  'bio-invalid': 'تحتوي النبذة على كلمات غير لائقة. عدّلها ثم حاول مرة أخرى.',
  'tutor-about-short': `النص التعريفي قصير. اكتب ${chars(BOUNDS.tutorAbout.min)} على الأقل.`,
  'tutor-about-long': `النص التعريفي طويل. يجب ألا يزيد على ${chars(BOUNDS.tutorAbout.max)}.`,
  'notice-max-exceeded': `أقصى مدة للحجز المسبق ${plural(BOUNDS.noticeDays.max, nouns.days)}.`,
  'notice-invalid': `مدة الحجز المسبق يجب أن تكون عددًا صحيحًا من الأيام بين ${n(BOUNDS.noticeDays.min)} و${n(BOUNDS.noticeDays.max)}.`,

  // Validation: interviews
  'interview-feedback-invalid-html': 'يحتوي التقييم على تنسيق غير مسموح به.',
  'interview-feedback-too-short': `التقييم قصير. اكتب ${chars(BOUNDS.interviewFeedback.min)} على الأقل.`,
  'interview-feedback-too-long': `التقييم طويل. يجب ألا يزيد على ${chars(BOUNDS.interviewFeedback.max)}.`,
  'interview-note-invalid-html': 'تحتوي الملاحظة على تنسيق غير مسموح به.',
  'interview-note-too-short': `الملاحظة قصيرة. اكتب ${chars(BOUNDS.interviewNote.min)} على الأقل.`,
  'interview-note-too-long': `الملاحظة طويلة. يجب ألا تزيد على ${chars(BOUNDS.interviewNote.max)}.`,
  'interview-level-too-low': `المستوى يجب ألا يقل عن ${n(BOUNDS.interviewLevel.min)}.`,
  'interview-level-too-high': `المستوى يجب ألا يزيد على ${n(BOUNDS.interviewLevel.max)}.`,

  // Validation: ratings
  'rating-value-too-low': `التقييم يجب ألا يقل عن ${n(BOUNDS.rating.min)}.`,
  'rating-value-too-high': `التقييم يجب ألا يزيد على ${n(BOUNDS.rating.max)}.`,
  'rating-text-too-short': `التعليق قصير. اكتب ${chars(BOUNDS.ratingText.min)} على الأقل.`,
  'rating-text-too-long': `التعليق طويل. يجب ألا يزيد على ${chars(BOUNDS.ratingText.max)}.`,

  // Validation: plans
  'plan-alias-short': `اسم الخطة قصير. اكتب ${chars(BOUNDS.planAlias.min)} على الأقل.`,
  'plan-alias-long': `اسم الخطة طويل. يجب ألا يزيد على ${chars(BOUNDS.planAlias.max)}.`,
  'plan-weekly-minutes-max-exceeded': `الدقائق الأسبوعية يجب ألا تزيد على ${plural(BOUNDS.weeklyMinutes.max, nouns.minutes)} (أسبوع كامل).`,
  'plan-weekly-minutes-empty': `أدخل عدد الدقائق الأسبوعية (من مضاعفات ${n(BOUNDS.weeklyMinutes.step)}).`,
  'plan-price-not-integer': 'السعر يجب أن يكون عددًا صحيحًا من الجنيهات.',
  'plan-price-negative': 'السعر لا يمكن أن يكون سالبًا.',
  'plan-price-infinite': 'السعر غير صالح.',
  'plan-price-zero': 'السعر يجب أن يكون أكبر من صفر.',
  'plan-discount-total': 'بعد الخصم يجب ألا يقل سعر كل مدة عن جنيه واحد. راجع نسب الخصم.',
  'plan-discount-max-exceeded': 'نسبة الخصم يجب ألا تزيد على ١٠٠٪.',
  'plan-discount-min-subceeded': 'نسبة الخصم لا يمكن أن تكون سالبة.',

  // Validation: coupons
  'coupon-code-invalid': `كود الخصم غير صالح. استخدم من ${n(BOUNDS.couponCode.min)} إلى ${n(BOUNDS.couponCode.max)} من الحروف الإنجليزية الكبيرة والأرقام والشَّرطة.`,
  'coupon-discount-zero': 'نسبة الخصم يجب أن تكون أكبر من صفر.',
  'coupon-discount-max-exceeded': 'نسبة الخصم يجب ألا تزيد على ١٠٠٪.',
  'coupon-expire-date-invalid': 'تاريخ انتهاء الكود غير صالح.',
  'coupon-already-expired': 'انتهت صلاحية كود الخصم.',
  'coupon-exists': 'يوجد كود خصم بهذا الاسم بالفعل. اختر كودًا آخر.',
  'coupon-used-up': 'استُخدم كود الخصم الحد الأقصى من المرات المسموح بها.',
  'installment-plan-amount-out-of-range':
    'المبلغ خارج الحدود التي يقبلها برنامج التقسيط هذا. اختر برنامجًا آخر.',
  'installment-plan-card-not-accepted':
    'برنامج التقسيط هذا لا يقبل البطاقة المختارة. اختر بطاقة من البنك نفسه أو برنامجًا آخر.',
  'invite-exists': 'هذا البريد الإلكتروني مدعو بالفعل إلى هذه الخطة.',

  // Validation: chat
  'message-text-invalid-html': 'تحتوي الرسالة على تنسيق غير مسموح به.',
  'message-text-too-short': 'لا يمكن إرسال رسالة فارغة.',
  'message-text-too-long': `الرسالة طويلة. يجب ألا تزيد على ${chars(BOUNDS.messageText.max)}.`,

  // Validation: withdrawals and invoices
  'withdraw-min-above-max': 'الحد الأدنى للسحب يجب ألا يزيد على الحد الأقصى.',
  'withdraw-amount-zero-or-negative': 'حدود السحب يجب أن تكون أكبر من صفر.',
  'invoice-amount-zero-or-negative': 'المبلغ يجب أن يكون أكبر من صفر.',
  'invoice-min-subceeded': 'المبلغ أقل من الحد الأدنى للسحب بهذه الطريقة.',
  'invoice-max-exceeded': 'المبلغ أكبر من الحد الأقصى للسحب بهذه الطريقة.',
  'invoice-note-empty': 'اكتب ملاحظة.',
  'invoice-note-invalid-html': 'تحتوي الملاحظة على تنسيق غير مسموح به.',
  'invoice-note-too-long': 'الملاحظة طويلة جدًا.',
  'instapay-username-invalid': 'عنوان إنستاباي غير صحيح. مثال: name@instapay',
  'bank-name-empty': 'اختر اسم البنك.',
  'bank-name-invalid': 'اسم البنك غير صالح.',
  'bank-account-number-invalid':
    'رقم الحساب غير صحيح. أدخل رقم الحساب (من ٨ إلى ٣٠ رقمًا) أو رقم IBAN المصري.',
  'invoice-balance-exceeded': 'المبلغ أكبر من رصيدك المتاح للسحب.',
  'invoice-receipt-required': 'أرفق صورة إيصال التحويل لتأكيد تنفيذ الطلب.',
  'withdraw-method-exists': 'طريقة السحب هذه موجودة بالفعل. عدّل حدودها بدلًا من إضافتها مرة أخرى.',

  // Validation: topics and contact requests
  'topic-name-short': `اسم الموضوع قصير. اكتب ${chars(BOUNDS.topicName.min)} على الأقل.`,
  'topic-name-long': `اسم الموضوع طويل. يجب ألا يزيد على ${chars(BOUNDS.topicName.max)}.`,
  'contact-request-title-short': `العنوان قصير. اكتب ${chars(BOUNDS.contactRequestTitle.min)} على الأقل.`,
  'contact-request-title-long': `العنوان طويل. يجب ألا يزيد على ${chars(BOUNDS.contactRequestTitle.max)}.`,
  'contact-request-message-short': `الرسالة قصيرة. اكتب ${chars(BOUNDS.contactRequestMessage.min)} على الأقل.`,
  'contact-request-message-long': `الرسالة طويلة. يجب ألا تزيد على ${chars(BOUNDS.contactRequestMessage.max)}.`,
  'contact-request-name-short': `الاسم قصير. اكتب ${chars(BOUNDS.contactRequestName.min)} على الأقل.`,
  'contact-request-name-long': `الاسم طويل. يجب ألا يزيد على ${chars(BOUNDS.contactRequestName.max)}.`,
  'topic-exists': 'يوجد موضوع بهذا الاسم بالفعل.',
  'topics-max-exceeded': `يمكنك اختيار ${n(BOUNDS.topicsPerUser.max)} موضوعًا على الأكثر.`,

  // Availability
  'slot-off-grid': `يجب أن يبدأ الموعد وينتهي على مضاعفات ${plural(BOUNDS.scheduleGridMinutes, nouns.minutes)} (مثل ٩:٠٠ أو ٩:١٥ أو ٩:٣٠).`,
  'slot-too-short': `الموعد قصير. يجب ألا تقل مدته عن ${plural(BOUNDS.slotMinutes.min, nouns.minutes)}، وأن ينتهي بعد أن يبدأ.`,
  'slot-too-long': `الموعد طويل. يجب ألا تزيد مدته على ${n(BOUNDS.slotMinutes.max / 60)} ساعة.`,
  'slot-in-past': 'لا يمكن إضافة موعد في وقت مضى. اختر وقتًا في المستقبل.',
  'slot-has-lessons': 'توجد دروس محجوزة في هذا الموعد. أكّد إلغاءها أولًا، وسيتم إبلاغ الطلاب بذلك.',

  // Lessons
  'lesson-off-grid': `يجب أن يبدأ الدرس على مضاعفات ${plural(BOUNDS.scheduleGridMinutes, nouns.minutes)} (مثل ٩:٠٠ أو ٩:١٥).`,
  'lesson-duration-invalid': 'مدة الدرس يجب أن تكون ١٥ أو ٣٠ دقيقة.',
  'lesson-too-soon': 'هذا الموعد قريب جدًا. اختر موعدًا لاحقًا.',
  'lesson-too-far': 'هذا الموعد أبعد من المدة التي يقبل فيها المعلم الحجز مقدمًا. اختر موعدًا أقرب.',
  'lesson-crosses-quota-week':
    'يجب أن ينتهي الدرس قبل نهاية أسبوع اشتراكك الحالي. اختر موعدًا أبكر أو درسًا أقصر.',
  'lesson-already-canceled': 'تم إلغاء هذا الدرس بالفعل.',
  'lesson-already-started': 'بدأ هذا الدرس بالفعل ولا يمكن تغيير موعده.',
  'lesson-already-ended': 'انتهى هذا الدرس بالفعل.',

  // Ratings
  'interview-already-started': 'بدأت هذه المقابلة بالفعل، فلا يمكن نقلها أو إلغاؤها.',
  'interview-not-started': 'لم تبدأ المقابلة بعد. سجّل النتيجة بعد إجرائها.',
  'interview-already-canceled': 'أُلغيت هذه المقابلة.',
  'interview-already-decided': 'سُجّلت نتيجة هذه المقابلة، فلا يمكن نقلها أو إلغاؤها.',
  'interview-not-passed': 'لا تُعتمد إلا مقابلة ناجحة.',
  'rating-needs-lesson': 'يمكنك تقييم المعلم بعد أن تحضر معه درسًا واحدًا على الأقل.',

  // Support
  'report-title-short': `العنوان قصير. اكتب ${chars(BOUNDS.reportTitle.min)} على الأقل.`,
  'report-title-long': `العنوان طويل. يجب ألا يزيد على ${chars(BOUNDS.reportTitle.max)}.`,
  'report-description-short': `الوصف قصير. اكتب ${chars(BOUNDS.reportDescription.min)} على الأقل.`,
  'report-description-long': `الوصف طويل. يجب ألا يزيد على ${chars(BOUNDS.reportDescription.max)}.`,
  'contact-request-not-found': 'طلب التواصل غير موجود.',
  'report-has-reply':
    'ردّ فريق الدعم على هذا البلاغ، فلم يعد من الممكن تعديله أو حذفه. يمكنك إضافة رد جديد بدلًا من ذلك.',

  // Platform settings
  'setting-too-low': 'القيمة أقل من الحد الأدنى المسموح به لهذا الإعداد.',
  'setting-too-high': 'القيمة أكبر من الحد الأقصى المسموح به لهذا الإعداد.',
  'setting-step-invalid': 'اختر قيمة من القيم المسموح بها لهذا الإعداد.',
  'lesson-note-not-found': 'لم يكتب المعلم ملخصًا لهذا الدرس بعد.',
  'lesson-not-ended': 'يُكتب ملخص الدرس بعد انتهائه.',
  'lesson-note-window-closed': `انتهت مهلة كتابة ملخص الدرس (${plural(BOUNDS.lessonNoteWindowHours, nouns.hours)} بعد انتهائه).`,
  'lesson-note-summary-short': `الملخص قصير. اكتب ${chars(BOUNDS.lessonNoteSummary.min)} على الأقل.`,
  'lesson-note-summary-long': `الملخص طويل. يجب ألا يزيد على ${chars(BOUNDS.lessonNoteSummary.max)}.`,
  'lesson-note-homework-long': `الواجب طويل. يجب ألا يزيد على ${chars(BOUNDS.lessonNoteHomework.max)}.`,
  'lesson-note-too-many-files': `يمكن إرفاق ${n(BOUNDS.lessonNoteFiles.perNote)} ملفات على الأكثر بملخص الدرس.`,
  'trial-unavailable': 'الدروس التجريبية غير متاحة حاليًا. اشترك في باقة لتحجز درسك.',
  'trial-already-used': 'استخدمت درسك التجريبي بالفعل. اشترك في باقة لتحجز دروسًا أخرى.',
  'trial-duration-invalid': 'مدة الدرس التجريبي لا تطابق المدة المحددة له.',
  'trial-payment-required': 'الدرس التجريبي مدفوع: ادفع ثمنه أولًا ثم احجز موعده.',
  'trial-payment-exists': 'لديك دفعة للدرس التجريبي مفتوحة أو مدفوعة بالفعل: أكملها أو احجز درسك التجريبي.',
  'subscription-upgrade-invalid':
    'الترقية تكون إلى باقة بدقائق أسبوعية أكثر، لنفس مدة اشتراكك، ومن غير كوبون.',
  'subscription-upgrade-unavailable':
    'لا يمكن ترقية هذا الاشتراك الآن: مدفوع بالتقسيط، أو موقوف، أو لم يبدأ، أو ينتهي خلال يوم، أو عليه طلب ترقية مفتوح.',
  'refund-request-exists': 'عندك طلب استرداد مفتوح لهذا الاشتراك بالفعل.',
  'refund-request-not-found': 'طلب الاسترداد غير موجود.',
  'refund-request-closed': 'تم البت في طلب الاسترداد هذا بالفعل.',
  'refund-unavailable': 'لا يوجد مبلغ قابل للاسترداد في هذا الاشتراك: مجاني، أو تم استرداده، أو انتهى.',
};

/** Arabic text for every realtime acknowledgement code (spec §8). */
export const ackMessages: Readonly<Record<AckCode, string>> = {
  ok: 'تم بنجاح.',
  'empty-text': 'لا يمكن إرسال رسالة فارغة.',
  'room-not-found': 'المحادثة غير موجودة.',
  'message-not-found': 'الرسالة غير موجودة أو حُذفت.',
  'lesson-not-found': 'الدرس غير موجود أو أُلغي.',
  'interview-not-found': 'المقابلة غير موجودة.',
  'not-member': notMember,
  'not-owner': 'يمكنك تعديل رسائلك أو حذفها فقط.',
  unreachable: 'تعذّر الوصول إلى الطرف الآخر الآن. حاول مرة أخرى بعد قليل.',
  unallowed: 'هذا الإجراء غير مسموح به.',
  'invalid-session-id': 'رابط جلسة الدرس غير صحيح.',
  'bad-request': 'تعذّر تنفيذ الطلب لأن البيانات غير صحيحة.',
  unauthenticated: logInAgain,
  'too-many-requests': tooMany,
};

/** Arabic text for camera and microphone failures on the pre-join page (spec §8 media errors). */
export const mediaErrorMessages: Readonly<Record<MediaErrorCode, string>> = {
  'media-device-not-found': 'لم نعثر على ميكروفون أو كاميرا. تأكد من توصيلهما ثم حاول مرة أخرى.',
  'media-device-in-use':
    'الميكروفون أو الكاميرا قيد الاستخدام في تطبيق آخر. أغلق التطبيق الآخر ثم حاول مرة أخرى.',
  'media-over-constrained': 'الجهاز المختار لا يدعم الإعدادات المطلوبة. اختر ميكروفونًا أو كاميرا أخرى.',
  'media-permission-denied':
    'لم يُسمح بالوصول إلى الميكروفون أو الكاميرا. اسمح بالوصول من إعدادات المتصفح ثم أعد تحميل الصفحة.',
  'media-unexpected': 'حدث خطأ غير متوقع في الميكروفون أو الكاميرا. حاول مرة أخرى.',
};

/** Shown when a code is unknown to every catalogue (a newer server, a network failure). */
export const genericErrorMessage = 'حدث خطأ غير متوقع. حاول مرة أخرى بعد قليل.';

function lookup(table: Readonly<Record<string, string>>, code: string): string | undefined {
  return Object.hasOwn(table, code) ? table[code] : undefined;
}

/**
 * The Arabic message for any code: API error codes first, then socket acknowledgements, then media
 * errors. zod's and react-hook-form's default "Required" maps to the required message, so a form field
 * left empty never shows English. Anything else gets `fallback`.
 */
export function errorMessage(code: string, fallback: string = genericErrorMessage): string {
  if (code === 'Required') {
    return errorMessages.required;
  }
  return (
    lookup(errorMessages, code) ?? lookup(ackMessages, code) ?? lookup(mediaErrorMessages, code) ?? fallback
  );
}
