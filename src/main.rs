//! The `mosaic` command.

use clap::Parser;
use clap::error::ErrorKind;

fn main() {
    let cli = match mosaic::cli::Cli::try_parse() {
        Ok(c) => c,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            e.exit()
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
        Err(e) => {
            // clap's first line names the problem; the usage block after it is noise here.
            let msg = e.to_string();
            let line = msg
                .lines()
                .next()
                .unwrap_or("invalid arguments")
                .trim_start_matches("error: ");
            eprintln!("mosaic: {line}");
            std::process::exit(2);
        }
    };
    match mosaic::cli::run(cli) {
        Ok(out) => print!("{out}"),
        Err(e) => {
            eprintln!("mosaic: {}", e.message);
            std::process::exit(e.code);
        }
    }
}
