import { describe, expect, it } from "vitest";
import { checkMessage, parseReasons, storedReasons } from "./message-check";

describe("phone numbers in any spelling", () => {
  it.each([
    // Dutch
    "Bel me: 06-12345678",
    "mijn nummer is 06 12 34 56 78",
    "+31 6 1234 5678 app me",
    "nul zes een twee drie vier vijf zes zeven acht",
    "nul zes 12 drie vier 56 zeven acht",
    // German
    "Ruf mich an 0171 2345678",
    "+49 (0)171/234 56 78",
    "null eins sieben eins zwei drei vier fünf sechs sieben acht",
    // Polish
    "zadzwoń 512 345 678",
    "+48 512-345-678",
    "pięć jeden dwa trzy cztery pięć sześć siedem osiem",
    // others
    "call me on zero seven nine one one two three four five six",
    "appelle-moi au 06.12.34.56.78",
    "chiamami 333 123 4567",
    "ring mig på 20 12 34 56 78",
    "soita 040 123 4567",
  ])("flags %j", (text) => {
    expect(checkMessage(text)).toContain("contact");
  });
});

describe("what must not be flagged", () => {
  it.each([
    // dates, times, ages, prices, postcodes: Dutch
    "Zullen we zaterdag 12-05-2026 om zes uur afspreken?",
    "Ik ben 34 jaar en woon in 1234 AB Utrecht",
    "Om 18.30 uur bij het station, het kost € 1.250,00 per persoon",
    "zes uur is prima, of half zeven",
    "Ik heb een hond en twee katten, een en al liefde",
    "Ik ben geboren op 3-4-1990 en ben 1,85 m",
    // German
    "Treffen wir uns am 12.05.2026 18:30? Ich bin 29 und wohne in 10115 Berlin",
    "Das Konzert kostet 1.250.000,00 € — Spaß! Nein, 45 Euro",
    "Ich habe zwei Kinder, eins ist sieben und eins ist neun",
    // Polish
    "Spotkajmy się 12.05.2026 o 18:30, mam 31 lat, kod 00-950 Warszawa",
    "Bilet kosztuje 120 zł, a pociąg 45,50 zł",
    // English, French, Swedish, Finnish, Italian, Spanish
    "I'm 42, 1.80 m tall and live at 221B Baker Street, London NW1 6XE",
    "On se voit le 14/02/2026 à 20h00 ? J'ai 27 ans",
    "Det är slut med regnet nu, vi ses kl 19:00 den 2026-06-21",
    "Olen 35-vuotias, asun 00100 Helsinki",
    "Ci vediamo alle 20:30? Ho 33 anni, costa 25 euro",
    "¿A qué hora quedamos? Tengo 28 años",
    "Nice to meet you at the park. See you soon!",
    "I love instant coffee and pasta",
    "Ik stuur je zo een foto van mijn hond",
    "Ich kaufe dir gern einen Kaffee, der kostet nur 3 Euro",
  ])("leaves %j alone", (text) => {
    expect(checkMessage(text)).toEqual([]);
  });
});

describe("e-mail, links and messengers", () => {
  it.each([
    "mail me: anna.k@gmail.com",
    "anna (at) gmail (dot) com",
    "schreib mir an tom [at] web.de",
    "add me on WhatsApp",
    "hast du Telegram?",
    "mijn snap: sweetanna",
    "follow me on insta @anna.k99",
    "zapraszam na instagram",
    "skype me",
  ])("flags %j as contact", (text) => {
    expect(checkMessage(text)).toContain("contact");
  });

  it.each(["kijk op https://example.org/profiel", "www.mijnsite.nl", "zie mijnsite.nl voor foto's", "t.me/anna"])(
    "flags %j as a link",
    (text) => {
      expect(checkMessage(text)).toContain("link");
    },
  );
});

describe("money", () => {
  it.each([
    "can you send me money for the ticket?",
    "kun je me 200 euro lenen?",
    "Kannst du mir Geld schicken?",
    "przelej mi pieniądze proszę",
    "pożycz mi 500 zł",
    "koop een iTunes cadeaukaart voor me",
    "kauf mir eine Google Play Karte",
    "I invest in bitcoin, let me show you",
    "what is your IBAN?",
    "envoie-moi de l'argent par western union",
    "mándame dinero",
    "mandami dei soldi",
    "kan du skicka pengar?",
    "lähetä rahaa",
  ])("flags %j", (text) => {
    expect(checkMessage(text)).toContain("money");
  });
});

describe("insults from each language's list", () => {
  it.each([
    ["nl", "je bent een vieze hoer"],
    ["de", "du Schlampe"],
    ["pl", "ty szmato"],
    ["en", "you stupid bitch"],
    ["fr", "espèce de connasse"],
    ["es", "eres una zorra"],
    ["it", "sei una troia"],
    ["da", "din kælling"],
    ["nb", "din fittetryne"],
    ["sv", "din subba"],
    ["fi", "senkin huora"],
  ])("%s: flags %j", (_language, text) => {
    expect(checkMessage(text)).toContain("insult");
  });

  it("does not flag a word that only contains an insult", () => {
    expect(checkMessage("Ik hoor het graag, en de hoera van de buren ook")).toEqual([]);
  });
});

describe("stored reasons", () => {
  it("round-trips, dropping what it does not know", () => {
    expect(storedReasons(["contact", "money"])).toBe("contact,money");
    expect(storedReasons([])).toBeNull();
    expect(parseReasons("contact,bogus,insult")).toEqual(["contact", "insult"]);
    expect(parseReasons(null)).toEqual([]);
  });
});
