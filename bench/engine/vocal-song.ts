// the lyrics eval's speed song (eval/run-lyrics-eval.ts): a ballad's verse and chorus, a folk
// verse, the chorus again and an outro line
export const SONG = `[verse]
I walked along the river in the morning light
The city was asleep and everything was right
[chorus]
Hold on to the feeling, never let it go
Sing it to the rafters, let the whole world know
[verse]
Down by the water where the willows grow
I met a stranger with a heart of gold
She sang of places that I'll never know
And stories older than the hills are old
[chorus]
[outro]
Let the whole world know`;
export const RAP = `[verse]
Step into the room and the bass is getting louder
Every single word that I'm saying got power
[chorus]
Up all night, yeah we run this town`;
