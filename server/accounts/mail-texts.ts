// The account mails' words per shop language (activation, already registered, password reset,
// password changed). Register as in server/mail/texts.ts: de/at and fr formal (Sie, vous), es and it
// informal (tú, tu). French puts a non-breaking space before : ; ? and !.

import type { Locale } from '../../src/config/locales';

export interface AccountMailTexts {
  readonly greeting: (firstName: string) => string;
  readonly closing: string;
  readonly signature: string;
  readonly activation: { readonly subject: string; readonly intro: string; readonly button: string; readonly validity: string; readonly ignore: string };
  readonly alreadyRegistered: {
    readonly subject: string;
    readonly intro: string;
    readonly loginButton: string;
    readonly forgotIntro: string;
    readonly forgotButton: string;
    readonly ignore: string;
  };
  readonly passwordReset: { readonly subject: string; readonly intro: string; readonly button: string; readonly validity: string; readonly ignore: string };
  readonly passwordChanged: { readonly subject: string; readonly intro: string; readonly notYou: string; readonly button: string };
}

const GERMAN: AccountMailTexts = {
  greeting: (name) => `Hallo ${name},`,
  closing: 'Freundliche Grüße',
  signature: 'Ihr Trade-in-Team',
  activation: {
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    intro: 'vielen Dank, dass Sie ein Kundenkonto angelegt haben. Bitte bestätigen Sie Ihre E-Mail-Adresse, um es zu aktivieren:',
    button: 'Kundenkonto aktivieren',
    validity: 'Der Link ist 48 Stunden gültig und kann einmal verwendet werden.',
    ignore: 'Falls Sie kein Kundenkonto angelegt haben, können Sie diese E-Mail ignorieren; es wird kein Konto aktiviert.',
  },
  alreadyRegistered: {
    subject: 'Sie haben bereits ein Kundenkonto',
    intro: 'jemand – vermutlich Sie – wollte mit dieser E-Mail-Adresse ein Kundenkonto anlegen. Sie haben bereits ein Konto, daher wurde kein neues angelegt.',
    loginButton: 'Anmelden',
    forgotIntro: 'Passwort vergessen? Hier können Sie ein neues festlegen:',
    forgotButton: 'Passwort zurücksetzen',
    ignore: 'Falls Sie das nicht waren, können Sie diese E-Mail ignorieren; an Ihrem Konto hat sich nichts geändert.',
  },
  passwordReset: {
    subject: 'Passwort zurücksetzen',
    intro: 'wir haben eine Anfrage erhalten, das Passwort Ihres Kundenkontos zurückzusetzen. Hier können Sie ein neues Passwort wählen:',
    button: 'Neues Passwort wählen',
    validity: 'Der Link ist eine Stunde gültig und kann einmal verwendet werden.',
    ignore: 'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
  },
  passwordChanged: {
    subject: 'Ihr Passwort wurde geändert',
    intro: 'das Passwort Ihres Kundenkontos wurde soeben geändert, und Sie wurden auf allen Geräten abgemeldet.',
    notYou: 'Falls Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und wenden Sie sich an unseren Kundenservice:',
    button: 'Passwort zurücksetzen',
  },
};

export const ACCOUNT_MAIL_TEXTS: Readonly<Record<Locale, AccountMailTexts>> = {
  default: {
    greeting: (name) => `Hello ${name},`,
    closing: 'Kind regards',
    signature: 'Your trade-in team',
    activation: {
      subject: 'Please confirm your e-mail address',
      intro: 'thank you for creating a customer account. Please confirm your e-mail address to activate it:',
      button: 'Activate my account',
      validity: 'The link is valid for 48 hours and can be used once.',
      ignore: 'If you did not create an account, you can ignore this e-mail; no account will be activated.',
    },
    alreadyRegistered: {
      subject: 'You already have a customer account',
      intro: 'someone – probably you – tried to create a customer account with this e-mail address. You already have an account, so no new one was created.',
      loginButton: 'Log in',
      forgotIntro: 'Forgotten your password? You can set a new one here:',
      forgotButton: 'Reset my password',
      ignore: 'If this was not you, you can ignore this e-mail; your account has not changed.',
    },
    passwordReset: {
      subject: 'Reset your password',
      intro: 'we received a request to reset the password of your customer account. Choose a new password here:',
      button: 'Choose a new password',
      validity: 'The link is valid for one hour and can be used once.',
      ignore: 'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
    },
    passwordChanged: {
      subject: 'Your password was changed',
      intro: 'the password of your customer account was just changed, and you were logged out on all devices.',
      notYou: 'If this was not you, reset your password at once and contact our customer service:',
      button: 'Reset my password',
    },
  },
  de: GERMAN,
  at: GERMAN,
  es: {
    greeting: (name) => `Hola, ${name}:`,
    closing: 'Un saludo,',
    signature: 'El equipo de Trade-in',
    activation: {
      subject: 'Confirma tu dirección de correo electrónico',
      intro: 'gracias por crear una cuenta de cliente. Confirma tu dirección de correo electrónico para activarla:',
      button: 'Activar mi cuenta',
      validity: 'El enlace es válido durante 48 horas y solo se puede usar una vez.',
      ignore: 'Si no has creado ninguna cuenta, puedes ignorar este correo; no se activará ninguna cuenta.',
    },
    alreadyRegistered: {
      subject: 'Ya tienes una cuenta de cliente',
      intro: 'alguien (probablemente tú) ha intentado crear una cuenta de cliente con esta dirección de correo electrónico. Ya tienes una cuenta, así que no se ha creado ninguna nueva.',
      loginButton: 'Iniciar sesión',
      forgotIntro: '¿Has olvidado tu contraseña? Puedes establecer una nueva aquí:',
      forgotButton: 'Restablecer mi contraseña',
      ignore: 'Si no has sido tú, puedes ignorar este correo; tu cuenta no ha cambiado.',
    },
    passwordReset: {
      subject: 'Restablece tu contraseña',
      intro: 'hemos recibido una solicitud para restablecer la contraseña de tu cuenta de cliente. Elige una nueva contraseña aquí:',
      button: 'Elegir una nueva contraseña',
      validity: 'El enlace es válido durante una hora y solo se puede usar una vez.',
      ignore: 'Si no lo has solicitado, puedes ignorar este correo; tu contraseña no cambia.',
    },
    passwordChanged: {
      subject: 'Se ha cambiado tu contraseña',
      intro: 'se acaba de cambiar la contraseña de tu cuenta de cliente y se ha cerrado tu sesión en todos los dispositivos.',
      notYou: 'Si no has sido tú, restablece tu contraseña de inmediato y ponte en contacto con nuestro servicio de atención al cliente:',
      button: 'Restablecer mi contraseña',
    },
  },
  fr: {
    greeting: (name) => `Bonjour ${name},`,
    closing: 'Cordialement,',
    signature: "L'équipe Trade-in",
    activation: {
      subject: 'Veuillez confirmer votre adresse e-mail',
      intro: "merci d'avoir créé un compte client. Veuillez confirmer votre adresse e-mail pour l'activer\u00a0:",
      button: 'Activer mon compte',
      validity: "Le lien est valable 48 heures et ne peut être utilisé qu'une seule fois.",
      ignore: "Si vous n'avez pas créé de compte, vous pouvez ignorer cet e-mail\u00a0; aucun compte ne sera activé.",
    },
    alreadyRegistered: {
      subject: 'Vous avez déjà un compte client',
      intro: "quelqu'un, probablement vous, a essayé de créer un compte client avec cette adresse e-mail. Vous avez déjà un compte\u00a0; aucun nouveau compte n'a donc été créé.",
      loginButton: 'Se connecter',
      forgotIntro: 'Mot de passe oublié\u00a0? Vous pouvez en définir un nouveau ici\u00a0:',
      forgotButton: 'Réinitialiser mon mot de passe',
      ignore: "Si ce n'était pas vous, vous pouvez ignorer cet e-mail\u00a0; votre compte n'a pas été modifié.",
    },
    passwordReset: {
      subject: 'Réinitialisez votre mot de passe',
      intro: 'nous avons reçu une demande de réinitialisation du mot de passe de votre compte client. Choisissez un nouveau mot de passe ici\u00a0:',
      button: 'Choisir un nouveau mot de passe',
      validity: "Le lien est valable une heure et ne peut être utilisé qu'une seule fois.",
      ignore: "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail\u00a0; votre mot de passe reste inchangé.",
    },
    passwordChanged: {
      subject: 'Votre mot de passe a été modifié',
      intro: "le mot de passe de votre compte client vient d'être modifié et vous avez été déconnecté de tous vos appareils.",
      notYou: "Si ce n'était pas vous, réinitialisez immédiatement votre mot de passe et contactez notre service client\u00a0:",
      button: 'Réinitialiser mon mot de passe',
    },
  },
  it: {
    greeting: (name) => `Ciao ${name},`,
    closing: 'Cordiali saluti,',
    signature: 'Il team Trade-in',
    activation: {
      subject: 'Conferma il tuo indirizzo e-mail',
      intro: 'grazie per aver creato un account cliente. Conferma il tuo indirizzo e-mail per attivarlo:',
      button: 'Attiva il mio account',
      validity: 'Il link è valido per 48 ore e può essere usato una sola volta.',
      ignore: 'Se non hai creato un account, puoi ignorare questa e-mail; nessun account verrà attivato.',
    },
    alreadyRegistered: {
      subject: 'Hai già un account cliente',
      intro: 'qualcuno, probabilmente tu, ha provato a creare un account cliente con questo indirizzo e-mail. Hai già un account, quindi non ne è stato creato uno nuovo.',
      loginButton: 'Accedi',
      forgotIntro: 'Hai dimenticato la password? Puoi impostarne una nuova qui:',
      forgotButton: 'Reimposta la password',
      ignore: 'Se non sei stato tu, puoi ignorare questa e-mail; il tuo account non è cambiato.',
    },
    passwordReset: {
      subject: 'Reimposta la tua password',
      intro: 'abbiamo ricevuto una richiesta di reimpostazione della password del tuo account cliente. Scegli una nuova password qui:',
      button: 'Scegli una nuova password',
      validity: "Il link è valido per un'ora e può essere usato una sola volta.",
      ignore: "Se non l'hai richiesto tu, puoi ignorare questa e-mail; la tua password resta invariata.",
    },
    passwordChanged: {
      subject: 'La tua password è stata modificata',
      intro: 'la password del tuo account cliente è appena stata modificata e sei stato disconnesso da tutti i dispositivi.',
      notYou: 'Se non sei stato tu, reimposta subito la password e contatta il nostro servizio clienti:',
      button: 'Reimposta la password',
    },
  },
};
