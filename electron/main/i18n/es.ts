import type { MainWords } from './words.ts';
import { plural } from './words.ts';

export const es: MainWords = {
  paidToday: (n) => (plural('es', n) === 'one' ? `${n} pago hoy` : `${n} pagos hoy`),
  starting: 'iniciando…',
  unavailable: 'pagos no disponibles',
  show: 'Mostrar Merchant Console',
  quit: 'Salir',
  paymentTitle: (amount) => `Pago recibido: ${amount}`,
  checkoutBody: (id) => `Cobro ${id}`,
  unreachableTitle: 'El servicio no puede conectar con esta consola',
  unreachableReason: (code, url) => {
    switch (code) {
      case 'no_public_url':
        return 'No hay ninguna dirección pública configurada';
      case 'dns':
        return `No se encontró la dirección ${url}`;
      case 'refused':
        return `Falló la conexión con ${url}`;
      case 'tls':
        return `Falló la conexión segura con ${url}`;
      case 'timeout':
        return `${url} no respondió a tiempo`;
      case 'not_this_receiver':
        return `Algo respondió en ${url}, pero no el receptor de esta consola`;
      case 'http_error':
        return `${url} respondió con un error`;
      default:
        return 'Falló la comprobación de accesibilidad';
    }
  },
  unreachableBody: (reason) =>
    `${reason}. Los pagos no llegarán en directo hasta que se solucione.`,
  hintTitle: 'Sigues recibiendo pagos',
  hintBody:
    'Merchant Console sigue recibiendo pagos en la bandeja del sistema. Ábrela desde su icono; «Salir» la detiene.',
  menuEdit: 'Edición',
  menuView: 'Ver',
};
