import type { MainWords } from './words.ts';
import { plural } from './words.ts';

/** دفعة واحدة، دفعتان، ٣ دفعات، ١١ دفعة… with the number in the regional digits. */
function paid(n: number): string {
  switch (plural('ar', n)) {
    case 'zero':
      return 'لا مدفوعات اليوم';
    case 'one':
      return 'دفعة واحدة اليوم';
    case 'two':
      return 'دفعتان اليوم';
    case 'few':
      return `${n} دفعات اليوم`;
    default:
      return `${n} دفعة اليوم`;
  }
}

export const ar: MainWords = {
  paidToday: paid,
  starting: 'جارٍ التشغيل…',
  unavailable: 'المدفوعات غير متاحة',
  show: 'إظهار Merchant Console',
  quit: 'إنهاء',
  paymentTitle: (amount) => `تم استلام دفعة: ${amount}`,
  checkoutBody: (id) => `طلب الدفع ${id}`,
  unreachableTitle: 'لا تستطيع الخدمة الوصول إلى لوحة التحكم هذه',
  unreachableReason: (code, url) => {
    switch (code) {
      case 'no_public_url':
        return 'لم يُحدَّد عنوان عام';
      case 'dns':
        return `تعذّر العثور على العنوان ${url}`;
      case 'refused':
        return `فشل الاتصال بـ ${url}`;
      case 'tls':
        return `فشل الاتصال الآمن بـ ${url}`;
      case 'timeout':
        return `لم يصل رد من ${url} في الوقت المناسب`;
      case 'not_this_receiver':
        return `ردّ شيء ما على ${url}، لكنه ليس مستقبِل لوحة التحكم هذه`;
      case 'http_error':
        return `ردّ ${url} بخطأ`;
      default:
        return 'فشل فحص إمكانية الوصول';
    }
  },
  unreachableBody: (reason) => `${reason}. لن تصل المدفوعات مباشرةً حتى تُحل هذه المشكلة.`,
  hintTitle: 'لا يزال استقبال المدفوعات مستمرًا',
  hintBody:
    'يواصل Merchant Console استقبال المدفوعات من منطقة الإشعارات. افتحه من أيقونته هناك؛ و«إنهاء» يوقفه.',
  menuEdit: 'تحرير',
  menuView: 'عرض',
};
