import type { TranslationOf } from "../translate-core.js";
import type { membershipEn } from "./membership.js";

/** membership.ts in Latin American / US Spanish (es-US), loaded with the language that needs it. */
export const membershipEs = {
  "error.payment": "Lo sentimos, hubo un error al procesar tu pago",
  "error.planUpdate": "Hubo un error al actualizar tu plan",
  "error.unlimitedLink": "Ocurrió un error desconocido. Vuelve a intentarlo en unos minutos.",
  "error.billing": "Hubo un problema. Vuelve a intentarlo.",
  "error.coupon": "Código promocional no válido",
  "error.couponInList": "Código promocional no válido: {code}",
  "error.zip": "Código postal incorrecto",
  "error.city": "Ciudad incorrecta",
  "error.cancelReasonRequired": "Selecciona un motivo.",
  "error.invalidEmail": "Correo electrónico no válido",
  "success.planUpdated": "Tu plan se actualizó correctamente.",
  "confirm.planUpdate": "Vas a cambiar a una suscripción de {months} meses por {price}.",
  "cancelReason.method not as thought": "El método no es lo que esperaba",
  "cancelReason.too expensive": "Es demasiado caro",
  "cancelReason.not seeing expected results": "No veo los resultados que esperaba",
  "cancelReason.not using enough": "No lo uso lo suficiente",
  "cancelReason.other": "Otro motivo",
  "plan.monthly": "{price} al mes",
  "plan.annual": "{price} cada 12 meses",
  "plan.perMonth": "{price}/mes",
  "address.country": "País",
  "address.address1": "Dirección",
  "address.address2": "Dirección (línea 2)",
  "address.city": "Ciudad",
  "address.state": "Estado",
  "address.zip": "Código postal",
  "success.emailSent": "Enviamos el correo; revisa tu bandeja de entrada",
  "error.sendEmail": "Hubo un error al enviar el correo. ¡Vuelve a intentarlo!",
} as const satisfies TranslationOf<typeof membershipEn>;
