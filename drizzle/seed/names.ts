/** Common first names per country and gender, for the seeded member profiles. */
export interface FirstNames {
  female: readonly string[];
  male: readonly string[];
}

const split = (names: string) => names.trim().split(/\s*,\s*/);

export const firstNames: Record<string, FirstNames> = {
  NL: {
    female: split(`Emma, Sophie, Julia, Anna, Lisa, Sanne, Lotte, Fleur, Eva, Iris, Anouk, Sarah, Lieke, Femke, Noa,
      Tessa, Laura, Kim, Manon, Ilse, Marieke, Esther, Linda, Monique, Sandra, Petra, Ingrid, Wendy, Marloes, Nicole,
      Yvonne, Saskia, Bianca, Mirjam, Charlotte, Floor, Demi, Romy, Naomi, Evi`),
    male: split(`Daan, Sem, Lucas, Milan, Thijs, Jesse, Bram, Lars, Ruben, Tim, Jeroen, Bas, Niels, Stefan, Martijn,
      Mark, Dennis, Sander, Erik, Kees, Wouter, Joost, Pieter, Rob, Hans, Jan, Peter, Marco, Vincent, Thomas, Koen,
      Joris, Sven, Finn, Luuk, Stijn, Rick, Maarten, Frank, Gert`),
  },
  BE: {
    female: split(`Emma, Louise, Marie, Elise, Lotte, Hanne, Ine, Els, Sofie, Katrien, Griet, An, Nathalie, Véronique,
      Isabelle, Julie, Charlotte, Camille, Manon, Lien, Eline, Jana, Nina, Sarah, Ellen, Inge, Kaat, Fien, Leen, Caroline`),
    male: split(`Lucas, Louis, Arthur, Jules, Wout, Pieter, Jens, Kobe, Thomas, Tom, Stijn, Bart, Koen, Dries, Wim, Geert,
      Kristof, Nicolas, Maxime, Olivier, Mathieu, Julien, Benoît, Tim, Sander, Ruben, Bram, Jonas, Seppe, Jef`),
  },
  DE: {
    female: split(`Sabine, Petra, Andrea, Claudia, Susanne, Birgit, Monika, Karin, Anja, Stefanie, Nicole, Katrin, Silke,
      Heike, Tanja, Kerstin, Martina, Gabriele, Ute, Cornelia, Manuela, Simone, Sandra, Melanie, Julia, Christina,
      Daniela, Bettina, Jutta, Renate, Doris, Angelika, Ines, Nadine, Yvonne, Katja, Britta, Anke, Marion, Elke`),
    male: split(`Thomas, Michael, Andreas, Stefan, Frank, Markus, Christian, Jürgen, Uwe, Martin, Matthias, Oliver, Jens,
      Sven, Tobias, Florian, Daniel, Jan, Lukas, Felix, Jonas, Maximilian, Alexander, Sebastian, Dirk, Ralf, Holger,
      Torsten, Kai, Timo`),
  },
  AT: {
    female: split(`Sabine, Andrea, Claudia, Birgit, Elisabeth, Maria, Barbara, Christina, Karin, Sandra, Manuela, Michaela,
      Gerlinde, Roswitha, Theresa, Katharina, Johanna, Verena, Romana, Sonja, Brigitte, Ingrid, Gudrun, Elfriede,
      Silvia, Daniela, Martina, Petra, Bettina, Waltraud`),
    male: split(`Stefan, Andreas, Thomas, Christoph, Markus, Bernhard, Wolfgang, Gerhard, Florian, Lukas, Manuel, Josef,
      Johann, Franz, Harald, Herbert, Klaus, Martin, Matthias, Michael, Peter, Roland, Günther, Alexander, Dominik,
      Jakob, Patrick, Philipp, Reinhard, Werner`),
  },
  CH: {
    female: split(`Ursula, Ruth, Verena, Monika, Brigitte, Daniela, Sandra, Nicole, Karin, Barbara, Regula, Beatrice,
      Franziska, Cornelia, Esther, Priska, Andrea, Claudia, Marianne, Silvia, Nathalie, Chantal, Sophie, Laura, Céline,
      Francesca, Giulia, Manuela, Corinne, Yvonne`),
    male: split(`Daniel, Peter, Thomas, Martin, Hans, Urs, Beat, Reto, Stefan, Andreas, Christian, Marco, Patrick, Lukas,
      Simon, Michael, Roger, Markus, Pascal, Luca, Matthias, Adrian, Fabian, Samuel, Jean, Nicolas, Alessandro, Kurt,
      Bruno, Rolf`),
  },
  GB: {
    female: split(`Olivia, Amelia, Emily, Sophie, Jessica, Charlotte, Hannah, Lucy, Chloe, Ellie, Grace, Holly, Megan,
      Rebecca, Laura, Sarah, Kate, Emma, Amy, Rachel`),
    male: split(`Oliver, Jack, Harry, George, James, Thomas, William, Daniel, Matthew, Joshua, Luke, Ben, Sam, Adam, Ryan,
      Callum, Jamie, Liam, Connor, Alex, Charlie, Tom, Joe, Chris, Mark, Paul, Andrew, Stuart, Gareth, Rhys, Euan,
      Craig, Dean, Lewis, Kieran, Ethan, Nathan, Aaron, Simon, Rob`),
  },
  US: {
    female: split(`Jessica, Ashley, Emily, Sarah, Samantha, Amanda, Brittany, Elizabeth, Taylor, Megan, Hannah, Kayla,
      Lauren, Stephanie, Rachel, Jennifer, Nicole, Alexis, Madison, Olivia`),
    male: split(`Michael, Christopher, Matthew, Joshua, David, Daniel, Andrew, James, Justin, Joseph, Ryan, John, Robert,
      Nicholas, Anthony, Tyler, Brandon, Kevin, Jason, Eric, Brian, Kyle, Jacob, Ethan, Noah, Logan, Mason, Aiden,
      Caleb, Jordan, Austin, Dylan, Marcus, Trevor, Derek, Cody, Zach, Evan, Mateo, Carlos`),
  },
  IE: {
    female: split(`Aoife, Ciara, Niamh, Saoirse, Sinéad, Róisín, Aisling, Orla, Caoimhe, Clodagh, Emer, Gráinne, Méabh,
      Siobhán, Éabha, Sorcha, Deirdre, Fiona, Maeve, Ailbhe`),
    male: split(`Seán, Conor, Jack, Darragh, Cian, Oisín, Liam, Patrick, Michael, Ciarán, Eoin, Niall, Declan, Shane,
      Aidan, Colm, Ronan, Fionn, Dara, Kevin, Brian, Pádraig, Cathal, Dónal, Rory, Tadhg, Killian, Diarmuid, Eamon,
      Barry`),
  },
};
