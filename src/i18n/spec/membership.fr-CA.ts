import type { TranslationOf } from "../translate-core.js";
import type { membershipEn } from "./membership.js";

/** membership.ts in Canadian French (fr-CA), loaded with the language that needs it. */
export const membershipFr = {
  "error.payment": "Malheureusement, une erreur s’est produite lors du traitement de votre paiement",
  "error.planUpdate": "Une erreur s’est produite lors de la mise à jour de votre forfait",
  "error.unlimitedLink": "Une erreur inconnue s’est produite. Veuillez réessayer dans quelques minutes.",
  "error.billing": "Un problème est survenu. Veuillez réessayer.",
  "error.coupon": "Code promo invalide",
  "error.couponInList": "Code promo invalide : {code}",
  "error.zip": "Code postal incorrect",
  "error.city": "Ville incorrecte",
  "error.cancelReasonRequired": "Veuillez choisir une raison.",
  "error.invalidEmail": "Adresse courriel invalide",
  "success.planUpdated": "Votre forfait a été mis à jour.",
  "confirm.planUpdate": "Vous passez à un abonnement de {months} mois pour {price}.",
  "cancelReason.method not as thought": "La méthode n’est pas ce que je pensais",
  "cancelReason.too expensive": "C’est trop cher",
  "cancelReason.not seeing expected results": "Je ne vois pas les résultats attendus",
  "cancelReason.not using enough": "Je ne l’utilise pas assez",
  "cancelReason.other": "Autre raison",
  "plan.monthly": "{price} par mois",
  "plan.annual": "{price} tous les 12 mois",
  "plan.perMonth": "{price}/mois",
  "address.country": "Pays",
  "address.address1": "Adresse",
  "address.address2": "Adresse (ligne 2)",
  "address.city": "Ville",
  "address.state": "Province ou État",
  "address.zip": "Code postal",
  "success.emailSent": "Courriel envoyé; veuillez vérifier votre boîte de réception",
  "error.sendEmail": "Une erreur s’est produite lors de l’envoi du courriel. Veuillez réessayer!",
} as const satisfies TranslationOf<typeof membershipEn>;
