-- A mail's Reply-To (issue 38's contact form, found in review): the contact message the shop receives answers its
-- sender, and the shop's reply, sent from MAIL_FROM, is answered to the shop's own e-mail. Null: replies go to From.
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;
